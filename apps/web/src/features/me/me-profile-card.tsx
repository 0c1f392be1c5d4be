import { displayPhone } from "@chayong/domain";
import { useLingui } from "@lingui/react";
import type { CurrentUser } from "../../data/api-query";

/**
 * The top of 'me': who is signed in. Headed by his name once the server knows it (a lender's
 * display name; a borrower's after verification), by his phone until then; then phone, role and,
 * for a lender, the business on his contracts.
 */
export function MeProfileCard({ profile }: { profile: CurrentUser }) {
  const { _ } = useLingui();
  return (
    <section className="me-card" aria-labelledby="me-profile">
      <h2 className="me-card__name" id="me-profile">
        {profile.name ?? displayPhone(profile.phone)}
      </h2>
      <dl className="definition-list">
        <dt>{_("customer.phone")}</dt>
        <dd>{displayPhone(profile.phone)}</dd>
        <dt>{_("me.role")}</dt>
        <dd>{_(profile.role === "lender" ? "me.role.lender" : "me.role.borrower")}</dd>
        {profile.lender ? (
          <>
            <dt>{_("contract.merchantName")}</dt>
            <dd>{profile.lender.merchantName}</dd>
            {profile.lender.licenceNumber ? (
              <>
                <dt>{_("document.licenceNumber")}</dt>
                <dd>{profile.lender.licenceNumber}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
    </section>
  );
}
