import { displayPhone } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import {
  Button,
  ConfirmDialog,
  EmptyState,
  MoneyText,
  PageHeader,
  Sheet,
  StatusBadge,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef, useState } from "react";
import type { ApiAnswer } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { type Contract, lastDueDate } from "../contracts/contract-labels";
import { BlockSheet } from "./block-sheet";
import { CustomerStatusBadge } from "./customer-status-badge";
import { FaceReviewPanel } from "./face-review";

export type CustomerDetail = ApiAnswer<"contract.userDetails">;

type ImageField = "idCardFrontUrl" | "idCardBackUrl" | "holdingPhotoUrl" | "facePhotoUrl";
const images: ReadonlyArray<{ field: ImageField; labelId: string }> = [
  { field: "idCardFrontUrl", labelId: "customer.idFront" },
  { field: "idCardBackUrl", labelId: "customer.idBack" },
  { field: "holdingPhotoUrl", labelId: "customer.holdingPhoto" },
  { field: "facePhotoUrl", labelId: "customer.facePhoto" },
];

/**
 * The borrower of contract `contractId` as its lender sees them (docs/entities.md#customer-info customer info,
 * docs/customers.md): status, personal details, contacts, the ID images, their contracts with
 * this lender, and block / unblock. Read each time the page opens: the image addresses are signed
 * for 15 minutes.
 */
export function CustomerPage({ contractId }: { contractId: string }) {
  const { _ } = useLingui();
  const back = useBack();
  return (
    <>
      <PageHeader title={_("customer.title")} onBack={back} />
      <div className="page">
        {contractId === "" ? (
          <p className="page__error">{_("contract.notFound")}</p>
        ) : (
          <CustomerDetails contractId={contractId} />
        )}
      </div>
    </>
  );
}

/** The customer its route's loader read (src/routes/pages/order/customer.tsx). */
function CustomerDetails({ contractId }: { contractId: string }) {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const query = useSuspenseQuery(apiQuery("contract.userDetails", { id: contractId }));
  const customer = query.data;
  const unblockPhone = useApiMutation("contract.unblock");
  const [blocking, setBlocking] = useState(false);
  // Kept here, not in the sheet: closing the sheet and opening it again loses nothing typed.
  const [reason, setReason] = useState("");
  const [confirmingUnblock, setConfirmingUnblock] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ url: string; label: string } | null>(null);
  // An image address expires after 15 minutes: a broken one reads the page again, once.
  const refreshedImages = useRef(false);
  const blocked = customer.status === "blocked";

  const orNotProvided = (value: ReactNode) =>
    value === null || value === "" ? (
      <span className="customer__missing">{_("customer.notProvided")}</span>
    ) : (
      value
    );

  const unblock = async () => {
    try {
      await unblockPhone.mutateAsync({ phone: customer.phone });
      toast.show(_("customer.unblock.success"));
      setActionError(null);
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    setConfirmingUnblock(false);
  };

  return (
    <>
      <section className="me-card" aria-labelledby="customer-name">
        <div className="contract-detail__head">
          <h2 className="contract-detail__name" id="customer-name">
            {customer.name ?? displayPhone(customer.phone)}
          </h2>
          <CustomerStatusBadge status={customer.status} />
        </div>
        {customer.verified ? null : (
          <p className="page__note customer__unverified">{_("customer.notVerified")}</p>
        )}
        {/* The heading names the person and its badge gives the status: not again below. */}
        <dl className="definition-list">
          {customer.name ? null : (
            <>
              <dt>{_("customer.name")}</dt>
              <dd>{orNotProvided(customer.name)}</dd>
            </>
          )}
          <dt>{_("customer.phone")}</dt>
          <dd>{displayPhone(customer.phone)}</dd>
          <dt>{_("customer.idNumber")}</dt>
          <dd>{orNotProvided(customer.idNumberMasked)}</dd>
          <dt>{_("identity.gender")}</dt>
          <dd>{orNotProvided(customer.gender ? _(`identity.gender.${customer.gender}`) : null)}</dd>
          <dt>{_("identity.birthday")}</dt>
          <dd>
            {orNotProvided(
              customer.birthday ? formatCalendarDate(customer.birthday, i18n.locale) : null,
            )}
          </dd>
          <dt>{_("identity.address")}</dt>
          <dd>{orNotProvided(customer.address)}</dd>
          {/* docs/identity.md, "One person, one identity": his other phones, masked. */}
          {customer.alsoVerifiedOn.length === 0 ? null : (
            <>
              <dt>{_("customer.alsoVerifiedOn")}</dt>
              <dd className="customer__also-verified">{customer.alsoVerifiedOn.join(", ")}</dd>
            </>
          )}
        </dl>
      </section>

      <FaceReviewPanel contractId={contractId} customer={customer} />

      {actionError ? <p className="page__error">{actionError}</p> : null}
      {blocked ? (
        <Button variant="secondary" block onClick={() => setConfirmingUnblock(true)}>
          {_("customer.unblock")}
        </Button>
      ) : (
        <Button variant="danger" block onClick={() => setBlocking(true)}>
          {_("customer.block")}
        </Button>
      )}

      <section className="page__section" aria-labelledby="customer-contacts">
        <h3 className="page__section-title" id="customer-contacts">
          {_("customer.contacts")}
        </h3>
        {customer.contacts.length === 0 ? (
          <p className="page__note">{_("customer.notProvided")}</p>
        ) : (
          <ul className="customer__contacts">
            {customer.contacts.map((contact) => (
              <li key={`${contact.phone}-${contact.name}`} className="customer__contact">
                <span className="customer__contact-name">
                  {contact.name}
                  <span className="customer__contact-relation">
                    {_(`identity.relation.${contact.relation}`)}
                  </span>
                </span>
                <a className="customer__contact-phone" href={`tel:${contact.phone}`}>
                  {displayPhone(contact.phone)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="page__section" aria-labelledby="customer-images">
        <h3 className="page__section-title" id="customer-images">
          {_("idCard.photos")}
        </h3>
        <ul className="customer__images">
          {images.map(({ field, labelId }) => {
            const url = customer[field];
            const label = _(labelId);
            return (
              <li key={field} className="customer__image">
                {url ? (
                  <button
                    type="button"
                    className="customer__thumb"
                    onClick={() => setViewing({ url, label })}
                  >
                    <img
                      src={url}
                      alt={label}
                      loading="lazy"
                      onError={() => {
                        if (refreshedImages.current) return;
                        refreshedImages.current = true;
                        void query.refetch();
                      }}
                    />
                  </button>
                ) : (
                  <span className="customer__thumb customer__thumb--missing">
                    {_("customer.notProvided")}
                  </span>
                )}
                <span className="customer__image-label">{label}</span>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="page__section" aria-labelledby="customer-contracts">
        <h3 className="page__section-title" id="customer-contracts">
          {_("customer.contracts")}
        </h3>
        {customer.contracts.length === 0 ? (
          <EmptyState title={_("contract.noResults")} />
        ) : (
          <ul className="contract-list">
            {customer.contracts.map((contract) => (
              <li key={contract.id}>
                <CustomerContractRow
                  contract={contract}
                  onOpen={() =>
                    void navigate({ to: "/pages/order/common", search: { id: contract.id } })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <BlockSheet
        open={blocking}
        phone={customer.phone}
        reason={reason}
        onReasonChange={setReason}
        onClose={() => setBlocking(false)}
        onBlocked={() => {
          setBlocking(false);
          setReason("");
          setActionError(null);
        }}
      />
      <ConfirmDialog
        open={confirmingUnblock}
        title={_("customer.unblock")}
        message={displayPhone(customer.phone)}
        confirmLabel={_("customer.unblock")}
        cancelLabel={_("common.cancel")}
        confirming={unblockPhone.isPending}
        onConfirm={() => void unblock()}
        onCancel={() => setConfirmingUnblock(false)}
      />
      {viewing ? (
        <Sheet open onClose={() => setViewing(null)} title={viewing.label}>
          <img className="customer__full-image" src={viewing.url} alt={viewing.label} />
        </Sheet>
      ) : null}
    </>
  );
}

/**
 * One contract of this customer: name, status, amount and dates. A compact row rather than the
 * kit's ContractCard: sharing the card with the order list splits it out of the entry route's
 * chunk, which costs the entry's size budget (apps/web/README.md).
 */
function CustomerContractRow({ contract, onOpen }: { contract: Contract; onOpen: () => void }) {
  const { _, i18n } = useLingui();
  return (
    <article className="customer-contract">
      <header className="customer-contract__head">
        <h4 className="customer-contract__name">
          <button type="button" className="customer-contract__open" onClick={onOpen}>
            {contract.name}
          </button>
        </h4>
        <StatusBadge status={contract.status} label={_(`contract.status.${contract.status}`)} />
      </header>
      <p className="customer-contract__facts">
        <MoneyText amount={contract.loanAmount} currency={contract.currency} locale={i18n.locale} />
        <span>
          {formatCalendarDate(contract.loanDate, i18n.locale)} →{" "}
          {formatCalendarDate(lastDueDate(contract), i18n.locale)}
        </span>
      </p>
    </article>
  );
}
