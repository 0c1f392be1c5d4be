import { displayPhone } from "@chayong/domain";
import type { ContractParties } from "@chayong/sdk";
import { useLingui } from "@lingui/react";

/**
 * Who the contract is between (docs/contracts.md, "Parties"): the lender by name, merchant name
 * and licence number; the borrower by his verified name, masked ID number and address, or 'to be
 * verified' until he has confirmed his ID card, and where a face check that came out 'review'
 * stands with this contract's lender. The same words as the document's.
 */
export function ContractPartiesSection({ parties }: { parties: ContractParties }) {
  const { _ } = useLingui();
  const { lender, borrower } = parties;
  return (
    <section className="page__section" aria-labelledby="detail-parties">
      <h3 className="page__section-title" id="detail-parties">
        {_("document.parties")}
      </h3>
      <dl className="definition-list">
        <dt>{_("document.lender")}</dt>
        <dd>{lender.name}</dd>
        <dt>{_("document.merchantName")}</dt>
        <dd>{lender.merchantName}</dd>
        {lender.licenceNumber ? (
          <>
            <dt>{_("document.licenceNumber")}</dt>
            <dd>{lender.licenceNumber}</dd>
          </>
        ) : null}
        {borrower.identity ? (
          <>
            <dt>{_("document.borrowerName")}</dt>
            <dd>{borrower.identity.name}</dd>
            <dt>{_("document.borrowerIdNumber")}</dt>
            <dd>{borrower.identity.idNumberMasked}</dd>
            <dt>{_("document.borrowerAddress")}</dt>
            <dd>{borrower.identity.address}</dd>
          </>
        ) : (
          <>
            <dt>{_("document.borrower")}</dt>
            <dd>{_("document.borrowerToBeVerified")}</dd>
          </>
        )}
        <dt>{_("document.borrowerPhone")}</dt>
        <dd>{displayPhone(borrower.phone)}</dd>
        {borrower.faceReview ? (
          <>
            <dt>{_("parties.faceReview")}</dt>
            <dd>{_(`parties.faceReview.${borrower.faceReview}`)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
