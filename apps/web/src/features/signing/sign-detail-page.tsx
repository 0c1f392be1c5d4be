import { Button, ErrorState, ListSkeleton, PageHeader, StatusBadge } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { asTransportError } from "../../session/error-catalogue";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { useCurrentUser } from "../../state/current-user";
import { isUnsigned } from "../contracts/contract-labels";
import { ContractPdfDownload } from "../contracts/contract-pdf";
import { MoneySection } from "../money/money-section";
import { ContractDocument } from "./contract-document";

/**
 * The contract (signing) details: whose contract and where it stands, then, once signed, the
 * balances and the ledger the lender keeps, read-only (the borrower sees what is recorded), and
 * the document with its signature. An unsigned contract offers its borrower the way to sign it.
 */
export function SignDetailPage({ id }: { id: string }) {
  const { _ } = useLingui();
  const back = useBack();
  const api = useApi();
  const navigate = useNavigate();
  const isBorrower = useCurrentUser().data?.role === "borrower";
  const contract = useLoad(
    async (signal) => (id === "" ? null : api.contract.detail({ id }, { signal })),
    [api, id],
  );
  const data = contract.data;
  const signed = data ? !isUnsigned(data.status) : false;
  const answered = asTransportError(contract.error)?.kind === "envelope-status";
  return (
    <>
      <PageHeader title={_("contract.signDetail.title")} onBack={back} />
      <div className="page">
        {id === "" || (contract.status === "done" && data === null) ? (
          <p className="page__error">{_("contract.notFound")}</p>
        ) : null}
        {contract.status === "loading" && !data ? (
          <ListSkeleton count={1} label={_("common.loading")} />
        ) : null}
        {contract.status === "failed" && answered ? (
          <p className="page__error">{screenMessage(contract.error, _, "contract.notFound")}</p>
        ) : null}
        {contract.status === "failed" && !answered ? (
          <ErrorState
            title={_("contract.notFound")}
            description={failureMessage(contract.error, _)}
            retryLabel={_("common.retry")}
            onRetry={contract.reload}
          />
        ) : null}
        {data ? (
          <header className="contract-detail__head">
            <h2 className="contract-detail__name">{data.name}</h2>
            <StatusBadge status={data.status} label={_(`contract.status.${data.status}`)} />
          </header>
        ) : null}
        {data?.cancelled ? <p className="page__error">{_("document.cancelled")}</p> : null}
        {data && !signed && !data.cancelled && isBorrower ? (
          <Button
            size="lg"
            block
            onClick={() => void navigate({ to: "/pages/loans/sign", search: { code: data.code } })}
          >
            {_("sign.title")}
          </Button>
        ) : null}
        {/* Once signed, what is owed comes first; the signed document follows. */}
        {data && signed ? (
          <MoneySection contract={data} editable={false} onChanged={contract.reload} />
        ) : null}
        {data && signed && !data.cancelled ? <ContractPdfDownload contract={data} /> : null}
        {id && (data || contract.status !== "failed") ? <ContractDocument id={id} /> : null}
      </div>
    </>
  );
}
