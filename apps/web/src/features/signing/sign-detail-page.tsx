import { PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useBack } from "../../session/use-back";
import { ContractDocument } from "./contract-document";

/** The contract (signing) details: the document with its signature once signed. */
export function SignDetailPage({ id }: { id: string }) {
  const { _ } = useLingui();
  const back = useBack();
  return (
    <>
      <PageHeader title={_("contract.signDetail.title")} onBack={back} />
      <div className="page">
        {id ? (
          <ContractDocument id={id} />
        ) : (
          <p className="page__error">{_("contract.notFound")}</p>
        )}
      </div>
    </>
  );
}
