import { Button, PageHeader, StatusBadge } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { useBack } from "../../session/use-back";
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
  return (
    <>
      <PageHeader title={_("contract.signDetail.title")} onBack={back} />
      <div className="page">
        {id === "" ? (
          <p className="page__error">{_("contract.notFound")}</p>
        ) : (
          <SignDetail id={id} />
        )}
      </div>
    </>
  );
}

/** The contract its route's loader read (src/routes/pages/loans/signDetail.tsx). */
function SignDetail({ id }: { id: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const isBorrower = useSuspenseQuery(currentUserQuery()).data.role === "borrower";
  const { data } = useSuspenseQuery(apiQuery("contract.detail", { id }));
  const signed = !isUnsigned(data.status);
  return (
    <>
      <header className="contract-detail__head">
        <h2 className="contract-detail__name">{data.name}</h2>
        <StatusBadge status={data.status} label={_(`contract.status.${data.status}`)} />
      </header>
      {data.cancelled ? <p className="page__error">{_("document.cancelled")}</p> : null}
      {!signed && !data.cancelled && isBorrower ? (
        <Button
          size="lg"
          block
          onClick={() => void navigate({ to: "/pages/loans/sign", search: { code: data.code } })}
        >
          {_("sign.title")}
        </Button>
      ) : null}
      {/* Once signed, what is owed comes first; the signed document follows. */}
      {signed ? <MoneySection contract={data} editable={false} /> : null}
      {signed && !data.cancelled ? (
        <>
          <ContractPdfDownload contract={data} />
          <ContractPdfDownload contract={data} document="statement" />
        </>
      ) : null}
      <ContractDocument id={id} />
    </>
  );
}
