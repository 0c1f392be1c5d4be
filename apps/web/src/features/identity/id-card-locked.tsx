import { displayPhone } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import { PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useRef } from "react";
import { apiQuery } from "../../data/api-query";
import { goBack } from "../../session/back";
import { photoKinds, type UserDetail } from "./id-card-store";

/**
 * The ID card page once the borrower has signed a contract (`locked`, docs/identity.md): the
 * details and photos the signing was verified with, read-only, and why; no edit, no confirm (the
 * server would refuse a change with 409). Not a step of the verification flow any more: no step
 * indicator, and back is a plain back (docs/screens.md#verification-flow).
 */
export function LockedIdCard({ detail }: { detail: UserDetail }) {
  const { _, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const photos = {
    front: detail.frontPhotoUrl,
    back: detail.backPhotoUrl,
    holding: detail.holdingPhotoUrl,
  };
  // A photo's signed address lasts 15 minutes: when one fails to load, fresh ones are asked
  // for, once (the answer re-renders this page).
  const refreshed = useRef(false);
  const refresh = () => {
    if (refreshed.current) return;
    refreshed.current = true;
    void queryClient
      .fetchQuery({ ...apiQuery("identity.userDetail"), staleTime: 0 })
      .catch(() => undefined);
  };
  return (
    <>
      <PageHeader title={_("idCard.title")} onBack={() => goBack(router)} />
      <div className="page page--above-service id-card id-card--locked">
        <p className="id-card__locked-note" role="note">
          {_("idCard.locked")}
        </p>
        <section className="page__section" aria-labelledby="id-card-photos">
          <h2 className="page__section-title" id="id-card-photos">
            {_("idCard.photos")}
          </h2>
          <div className="id-card__photos">
            {photoKinds.map((kind) => {
              const address = photos[kind];
              return (
                <figure key={kind} className={`id-card__figure id-card__photo--${kind}`}>
                  {address ? (
                    <img
                      className="id-card__figure-image"
                      src={address}
                      alt={_(`upload.${kind}`)}
                      onError={refresh}
                    />
                  ) : null}
                  <figcaption className="id-card__figure-caption">{_(`upload.${kind}`)}</figcaption>
                </figure>
              );
            })}
          </div>
        </section>
        <section className="page__section" aria-labelledby="id-card-personal">
          <h2 className="page__section-title" id="id-card-personal">
            {_("idCard.personalDetails")}
          </h2>
          <dl className="definition-list">
            <dt>{_("identity.name")}</dt>
            <dd>{detail.name ?? ""}</dd>
            <dt>{_("identity.idNumber")}</dt>
            <dd>{detail.idNumberMasked ?? ""}</dd>
            <dt>{_("identity.gender")}</dt>
            <dd>{detail.gender ? _(`identity.gender.${detail.gender}`) : ""}</dd>
            <dt>{_("identity.birthday")}</dt>
            <dd>{detail.birthday ? formatCalendarDate(detail.birthday, i18n.locale) : ""}</dd>
            <dt>{_("identity.address")}</dt>
            <dd>{detail.address ?? ""}</dd>
          </dl>
        </section>
        {detail.contacts.length > 0 ? (
          <section className="page__section" aria-labelledby="id-card-contacts">
            <h2 className="page__section-title" id="id-card-contacts">
              {_("identity.contacts.title")}
            </h2>
            {detail.contacts.map((contact, index) => (
              <dl
                className="definition-list id-card__contact-card"
                key={`${index}-${contact.phone}`}
              >
                <dt>{_(index === 0 ? "identity.contact1.title" : "identity.contact2.title")}</dt>
                <dd>{contact.name}</dd>
                <dt>{_("identity.contact.phone")}</dt>
                <dd>{displayPhone(contact.phone)}</dd>
                <dt>{_("identity.contact.relation")}</dt>
                <dd>{_(`identity.relation.${contact.relation}`)}</dd>
              </dl>
            ))}
          </section>
        ) : null}
      </div>
    </>
  );
}
