import { PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { useBack } from "../../session/use-back";
import { isUnsigned } from "../contracts/contract-labels";
import { MoneySection } from "../money/money-section";
import { ContractDocument } from "./contract-document";

/**
 * The contract (signing) details: the document with its signature once signed, and, once signed,
 * the balances and the ledger the lender keeps, read-only (the borrower sees what is recorded).
 */
export function SignDetailPage({ id }: { id: string }) {
  const { _ } = useLingui();
  const back = useBack();
  const api = useApi();
  const contract = useLoad(
    async (signal) => (id === "" ? null : api.contract.detail({ id }, { signal })),
    [api, id],
  );
  const signed = contract.data ? !isUnsigned(contract.data.status) : false;
  return (
    <>
      <PageHeader title={_("contract.signDetail.title")} onBack={back} />
      <div className="page">
        {/* Once signed, what is owed comes first; the signed document follows. */}
        {contract.data && signed ? (
          <MoneySection contract={contract.data} editable={false} onChanged={contract.reload} />
        ) : null}
        {id ? (
          <ContractDocument id={id} />
        ) : (
          <p className="page__error">{_("contract.notFound")}</p>
        )}
      </div>
    </>
  );
}
