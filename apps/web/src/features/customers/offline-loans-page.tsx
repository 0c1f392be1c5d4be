import {
  type CalendarDate,
  type Currency,
  displayPhone,
  type OfflineLoanReport,
  type OfflineLoanState,
  todayIn,
} from "@chayong/domain";
import { formatCalendarDate, formatInstant } from "@chayong/i18n/lazy";
import {
  Button,
  ConfirmDialog,
  type ContractStatusCode,
  EmptyState,
  ErrorState,
  ListSkeleton,
  MoneyText,
  PageHeader,
  StatusBadge,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { useCurrentUser } from "../../state/current-user";
import { emptyOfflineLoanForm, type OfflineLoanForm, offlineLoanFormOf } from "./offline-loan-form";
import { OfflineLoanSheet } from "./offline-loan-sheet";

/** An offline loan's state in the colours of the contract status that reads the same. */
const badgeOf: Record<OfflineLoanState, { status: ContractStatusCode; label: string }> = {
  inTransit: { status: "type6", label: "offlineRecord.state.inTransit" },
  overdue: { status: "type4", label: "offlineRecord.state.overdue" },
  settled: { status: "type5", label: "offlineRecord.state.settled" },
};

/** The sheet open now: a new report, or the correction of one report. */
type OpenSheet = { kind: "report" } | { kind: "correct"; report: OfflineLoanReport };

/**
 * The lender's own offline loan reports, newest first (docs/customers.md, "Offline loan
 * reports"): file one, correct one's terms in a sheet, withdraw one after a confirmation.
 * What the lender typed stays here while a sheet is closed, until the report or correction is
 * saved.
 */
export function OfflineLoansPage() {
  const { _, i18n } = useLingui();
  const api = useApi();
  const back = useBack();
  const toast = useToast();
  const user = useCurrentUser();
  const lender = user.data?.lender ?? null;
  const currency: Currency = lender?.jurisdiction === "TW" ? "TWD" : "KRW";
  const today: CalendarDate = todayIn(lender?.timeZone ?? "Asia/Seoul", new Date());

  const list = useLoad((signal) => api.contract.offlineLoanList(undefined, { signal }), [api]);
  const [sheet, setSheet] = useState<OpenSheet | null>(null);
  const [newReport, setNewReport] = useState<OfflineLoanForm>(emptyOfflineLoanForm);
  const [corrections, setCorrections] = useState<Record<string, OfflineLoanForm>>({});
  const [withdrawing, setWithdrawing] = useState<OfflineLoanReport | null>(null);
  const [sending, setSending] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const withdraw = async (report: OfflineLoanReport) => {
    setSending(true);
    try {
      await api.contract.withdrawOfflineLoan({ id: report.id });
      toast.show(_("offlineLoan.withdraw.success"));
      setActionError(null);
    } catch (error) {
      // Already withdrawn elsewhere (404): the list is out of date.
      setActionError(screenMessage(error, _));
    }
    list.reload();
    setSending(false);
    setWithdrawing(null);
  };

  const money = (amount: number) => (
    <MoneyText amount={amount} currency={currency} locale={i18n.locale} />
  );
  const items = list.data ?? [];
  const correcting = sheet?.kind === "correct" ? sheet.report : null;
  return (
    <>
      <PageHeader title={_("offlineLoan.mine")} onBack={back} />
      <div className="page page--above-service">
        <p className="page__note">{_("offlineLoan.mine.intro")}</p>
        <Button block onClick={() => setSheet({ kind: "report" })}>
          {_("offlineRecord.title")}
        </Button>
        {actionError ? (
          <p className="page__error" role="alert">
            {actionError}
          </p>
        ) : null}
        {list.status === "loading" && !list.data ? (
          <ListSkeleton label={_("common.loading")} />
        ) : null}
        {list.status === "failed" ? (
          <ErrorState
            title={_("common.loadFailed")}
            description={failureMessage(list.error, _)}
            retryLabel={_("common.retry")}
            onRetry={list.reload}
          />
        ) : null}
        {list.status === "done" && items.length === 0 ? (
          <EmptyState title={_("offlineLoan.mine.empty")} />
        ) : null}
        {items.length > 0 ? (
          <ul className="offline-loans" aria-label={_("offlineLoan.mine")}>
            {items.map((report) => (
              <li key={report.id} className="offline-loan">
                <div className="offline-loan__head">
                  <p className="offline-loan__phone">{displayPhone(report.phone)}</p>
                  <StatusBadge
                    status={badgeOf[report.state].status}
                    label={_(badgeOf[report.state].label)}
                  />
                </div>
                <dl className="offline-loan__facts">
                  <div>
                    <dt>{_("offlineRecord.amount")}</dt>
                    <dd>{money(report.amount)}</dd>
                  </div>
                  <div>
                    <dt>{_("offlineLoan.outstandingAmount")}</dt>
                    <dd>{money(report.outstandingAmount)}</dd>
                  </div>
                  <div>
                    <dt>{_("offlineRecord.date")}</dt>
                    <dd>{formatCalendarDate(report.loanDate, i18n.locale)}</dd>
                  </div>
                </dl>
                <p className="page__note">
                  {_("offlineLoan.reportedAt", {
                    date: formatInstant(report.createdAt, i18n.locale),
                  })}
                </p>
                <div className="offline-loan__actions">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setCorrections((current) =>
                        current[report.id]
                          ? current
                          : { ...current, [report.id]: offlineLoanFormOf(report) },
                      );
                      setSheet({ kind: "correct", report });
                    }}
                  >
                    {_("offlineLoan.correct")}
                  </Button>
                  <Button variant="ghost" onClick={() => setWithdrawing(report)}>
                    {_("offlineLoan.withdraw")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {sheet ? (
        <OfflineLoanSheet
          key={correcting?.id ?? "report"}
          mode={sheet}
          form={
            correcting ? (corrections[correcting.id] ?? offlineLoanFormOf(correcting)) : newReport
          }
          onFormChange={(form) =>
            correcting
              ? setCorrections((current) => ({ ...current, [correcting.id]: form }))
              : setNewReport(form)
          }
          today={today}
          currency={currency}
          onClose={() => setSheet(null)}
          onDone={() => {
            if (correcting) {
              setCorrections((current) => {
                const { [correcting.id]: _saved, ...rest } = current;
                return rest;
              });
            } else {
              setNewReport(emptyOfflineLoanForm);
            }
            setSheet(null);
            setActionError(null);
            list.reload();
          }}
          onGone={list.reload}
        />
      ) : null}
      <ConfirmDialog
        open={withdrawing !== null}
        title={_("offlineLoan.withdraw.confirm")}
        message={
          withdrawing ? (
            <>
              <strong>
                {displayPhone(withdrawing.phone)} ·{" "}
                {formatCalendarDate(withdrawing.loanDate, i18n.locale)}
              </strong>
              <br />
              {_("offlineLoan.withdraw.explain")}
            </>
          ) : null
        }
        confirmLabel={_("offlineLoan.withdraw")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={sending}
        onConfirm={() => {
          if (withdrawing) void withdraw(withdrawing);
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
