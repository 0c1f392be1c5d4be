import { defaultTimeZoneOf } from "@chayong/domain";
import { formatCalendarDate, formatInstant } from "@chayong/i18n/lazy";
import {
  Button,
  ConfirmDialog,
  copyToClipboard,
  MoneyText,
  PageHeader,
  StatusBadge,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { MoneySection } from "../money/money-section";
import { ContractNotices } from "../notices/contract-notices";
import { absoluteShareLink, isUnsigned, lastDueDate } from "./contract-labels";
import { ContractPartiesSection } from "./contract-parties";
import { ContractPdfDownload } from "./contract-pdf";
import { formatPercent } from "./percent";
import { ScheduleTable } from "./schedule-table";
import { canShareLinks, shareLink } from "./share-link";
import { ShareQrCode } from "./share-qr-code";

/**
 * The lender's view of one contract: terms, schedule, status, the share link (copy, QR code)
 * and, before signing, cancel ('confirm delete contract' -> 'deleted'). Its route's loader has
 * read the contract (src/routes/pages/order/common.tsx); a link without an id names none.
 */
export function ContractDetailPage({ id }: { id: string }) {
  const { _ } = useLingui();
  const back = useBack();
  return (
    <>
      <PageHeader title={_("contract.detail.title")} onBack={back} />
      <div className="page">
        {id === "" ? (
          <p className="page__error">{_("contract.notFound")}</p>
        ) : (
          <ContractDetail id={id} />
        )}
      </div>
    </>
  );
}

function ContractDetail({ id }: { id: string }) {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: contract } = useSuspenseQuery(apiQuery("contract.detail", { id }));
  const [confirming, setConfirming] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const cancelContract = useApiMutation("contract.cancel");
  const reissueLink = useApiMutation("contract.reissueLink");
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={contract.currency} locale={i18n.locale} />
  );
  const signed = !isUnsigned(contract.status);
  // Only the lender shares or deletes (a bound borrower may read the page too). A cancelled
  // contract keeps its pre-signing status; it can be read, not shared or deleted.
  const isLender = useSuspenseQuery(currentUserQuery()).data.role === "lender";
  const shareable = isLender && isUnsigned(contract.status) && !contract.cancelled;
  const link = absoluteShareLink(contract.link);
  // Read when the page renders: a link past its 7 days is not offered for sharing.
  const linkExpired =
    contract.linkExpiresAt !== null && Date.parse(contract.linkExpiresAt) <= Date.now();

  const reissue = async () => {
    try {
      await reissueLink.mutateAsync({ id: contract.id });
      setReissuing(false);
      toast.show(_("contract.link.reissued"));
    } catch (error) {
      setReissuing(false);
      setActionError(screenMessage(error, _));
    }
  };

  const copyLink = async () => {
    toast.show(_((await copyToClipboard(link)) ? "common.copied" : "contract.share.copyFailed"));
  };
  const share = async () => {
    const outcome = await shareLink({
      title: contract.name,
      text: _("contract.share.text", { name: contract.name, lender: contract.lender }),
      url: link,
    });
    if (outcome === "copied") toast.show(_("common.copied"));
    if (outcome === "failed") toast.show(_("contract.share.copyFailed"));
  };

  const cancel = async () => {
    try {
      await cancelContract.mutateAsync({ id: contract.id });
      setConfirming(false);
      toast.show(_("contract.delete.success"));
      await navigate({ to: "/pages/order/index", replace: true });
    } catch (error) {
      setConfirming(false);
      setActionError(screenMessage(error, _));
    }
  };

  const parties = (
    <>
      <ContractPartiesSection parties={contract.parties} />
      {/* docs/identity.md, "Three outcomes": the borrower cannot sign until the lender looks. */}
      {isLender && contract.parties.borrower.faceReview === "pending" && !contract.cancelled ? (
        <div className="page__section">
          <p className="page__note customer__unverified">{_("faceReview.needed")}</p>
          <Button
            block
            onClick={() =>
              void navigate({ to: "/pages/order/customer", search: { id: contract.id } })
            }
          >
            {_("faceReview.open")}
          </Button>
        </div>
      ) : null}
    </>
  );
  // After signing the money comes first: the terms are settled and read less often.
  const terms = (
    <section className="page__section" aria-labelledby="detail-terms">
      <h3 className="page__section-title" id="detail-terms">
        {_("document.terms")}
      </h3>
      <dl className="definition-list">
        <dt>{_("contract.loanAmount")}</dt>
        <dd>{money(contract.loanAmount)}</dd>
        <dt>{_("contract.disbursedAmount")}</dt>
        <dd>{money(contract.disbursedAmount)}</dd>
        <dt>{_("contract.loanDate")}</dt>
        <dd>{formatCalendarDate(contract.loanDate, i18n.locale)}</dd>
        <dt>{_(contract.instalment ? "contract.firstRepaymentDate" : "contract.repaymentDate")}</dt>
        <dd>{formatCalendarDate(contract.repaymentDate, i18n.locale)}</dd>
        {/* The terms stay as signed; a renewed single payment also says where its date moved
            (an instalment's card below says it for each instalment). */}
        {!contract.instalment && contract.renewal ? (
          <>
            <dt>{_("renewal.date")}</dt>
            <dd>{formatCalendarDate(lastDueDate(contract), i18n.locale)}</dd>
          </>
        ) : null}
        <dt>{_("document.repaymentType")}</dt>
        <dd>
          {contract.instalment
            ? `${_("document.instalments", { count: contract.instalmentCount })} · ${_(
                `contract.instalmentInterval.${contract.interval}`,
              )}`
            : _("contract.type.single")}
        </dd>
        {/* A single payment's one repayment is the total repayable, shown below. */}
        {contract.instalment ? (
          <>
            <dt>{_("contract.instalmentAmount")}</dt>
            <dd>{money(contract.instalmentAmount)}</dd>
          </>
        ) : null}
        <dt>{_("contract.serviceFee")}</dt>
        <dd>{money(contract.serviceFee)}</dd>
        <dt>{_("contract.overdueRate")}</dt>
        <dd>{formatPercent(contract.overdueRatePercent, i18n.locale)}%</dd>
        <dt>{_("cost.effectiveAnnualRate")}</dt>
        <dd>{formatPercent(contract.effectiveAnnualRatePercent, i18n.locale)}%</dd>
        <dt>{_("cost.totalRepayable")}</dt>
        <dd>{money(contract.totalRepayable)}</dd>
      </dl>
    </section>
  );

  // Moments in the contract's zone, as its document writes them (docs/screens.md, "Times").
  const contractZone = { timeZone: defaultTimeZoneOf(contract.jurisdiction) };
  return (
    <>
      <header className="contract-detail__head">
        <h2 className="contract-detail__name">{contract.name}</h2>
        {/* A deleted contract has no status to show: 'awaiting signature' beside 'deleted' would
            contradict it. */}
        {contract.cancelled ? null : (
          <StatusBadge status={contract.status} label={_(`contract.status.${contract.status}`)} />
        )}
      </header>
      <p className="contract-detail__number">
        {_("document.contractCode")} {contract.number}
      </p>
      {contract.cancelled ? <p className="page__error">{_("document.cancelled")}</p> : null}

      {signed ? (
        <>
          <MoneySection contract={contract} editable={isLender} />
          {isLender && !contract.cancelled ? (
            <ContractNotices contractId={contract.id} reminders={contract.reminders} />
          ) : null}
          {parties}
          {terms}
        </>
      ) : (
        <>
          {parties}
          {terms}
          <section className="page__section" aria-labelledby="detail-schedule">
            <h3 className="page__section-title" id="detail-schedule">
              {_("contract.schedule.title")}
            </h3>
            <ScheduleTable
              rows={contract.schedule.map((row) => ({
                index: row.index,
                dueDate: row.dueDate,
                amount: row.amount,
              }))}
              currency={contract.currency}
            />
          </section>
        </>
      )}

      <Button
        variant="secondary"
        block
        onClick={() =>
          void navigate({ to: "/pages/loans/signDetail", search: { id: contract.id } })
        }
      >
        {_("contract.view")}
      </Button>
      {signed && !contract.cancelled ? (
        <>
          <ContractPdfDownload contract={contract} />
          <ContractPdfDownload contract={contract} document="statement" />
        </>
      ) : null}
      {isLender ? (
        <Button
          variant="secondary"
          block
          onClick={() =>
            void navigate({ to: "/pages/order/customer", search: { id: contract.id } })
          }
        >
          {_("customer.view")}
        </Button>
      ) : null}

      {shareable ? (
        <section className="page__section share" aria-labelledby="detail-share">
          <h3 className="page__section-title" id="detail-share">
            {_("contract.link")}
          </h3>
          {linkExpired ? (
            <p className="page__error" role="status">
              {_("contract.link.expired", {
                date: formatInstant(contract.linkExpiresAt ?? "", i18n.locale, contractZone),
              })}
            </p>
          ) : (
            <>
              <p className="page__note">{_("contract.shareHint")}</p>
              <p className="share__link" data-testid="share-link">
                {link}
              </p>
              {contract.linkExpiresAt ? (
                <p className="page__note">
                  {_("contract.link.validUntil", {
                    date: formatInstant(contract.linkExpiresAt, i18n.locale, contractZone),
                  })}
                </p>
              ) : null}
              {/* The phone's share sheet (KakaoTalk, LINE); without one, sharing is copying. */}
              {canShareLinks() ? (
                <Button block icon={<ShareIcon />} onClick={share}>
                  {_("contract.share")}
                </Button>
              ) : null}
              <Button variant={canShareLinks() ? "secondary" : "primary"} block onClick={copyLink}>
                {_("contract.copyLink")}
              </Button>
              <ShareQrCode link={link} label={_("contract.link")} />
              <p className="page__note share__qr-note">{_("contract.share.qrHint")}</p>
            </>
          )}
          {/* A new link voids the old one: for one that expired, or went to the wrong person. */}
          <Button
            variant={linkExpired ? "primary" : "secondary"}
            block
            onClick={() => setReissuing(true)}
          >
            {_("contract.link.reissue")}
          </Button>
        </section>
      ) : null}

      {actionError ? <p className="page__error">{actionError}</p> : null}
      {shareable ? (
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          {_("common.delete")}
        </Button>
      ) : null}

      <ConfirmDialog
        open={reissuing}
        title={_("contract.link.reissue")}
        message={_("contract.link.reissue.note")}
        confirmLabel={_("contract.link.reissue")}
        cancelLabel={_("common.cancel")}
        confirming={reissueLink.isPending}
        onConfirm={reissue}
        onCancel={() => setReissuing(false)}
      />
      <ConfirmDialog
        open={confirming}
        title={_("contract.delete.confirm")}
        message={contract.name}
        confirmLabel={_("common.delete")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={cancelContract.isPending || cancelContract.isSuccess}
        onConfirm={cancel}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 15V4m0 0L8 8m4-4l4 4M6 12v6.5A1.5 1.5 0 0 0 7.5 20h9a1.5 1.5 0 0 0 1.5-1.5V12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
