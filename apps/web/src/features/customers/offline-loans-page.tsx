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
  MoneyText,
  PageHeader,
  StatusBadge,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
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
  const back = useBack();
  const toast = useToast();
  const queryClient = useQueryClient();
  const lender = useSuspenseQuery(currentUserQuery()).data.lender;
  const currency: Currency = lender?.jurisdiction === "TW" ? "TWD" : "KRW";
  const today: CalendarDate = todayIn(lender?.timeZone ?? "Asia/Seoul", new Date());

  const listQuery = apiQuery("contract.offlineLoanList");
  const { data: items } = useSuspenseQuery(listQuery);
  // A report withdrawn or corrected elsewhere (404): the list is out of date.
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
  const [sheet, setSheet] = useState<OpenSheet | null>(null);
  const [newReport, setNewReport] = useState<OfflineLoanForm>(emptyOfflineLoanForm);
  const [corrections, setCorrections] = useState<Record<string, OfflineLoanForm>>({});
  const [withdrawing, setWithdrawing] = useState<OfflineLoanReport | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const withdrawReport = useApiMutation("contract.withdrawOfflineLoan", { onError: readAgain });

  const withdraw = async (report: OfflineLoanReport) => {
    try {
      await withdrawReport.mutateAsync({ id: report.id });
      toast.show(_("offlineLoan.withdraw.success"));
      setActionError(null);
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    setWithdrawing(null);
  };

  const money = (amount: number) => (
    <MoneyText amount={amount} currency={currency} locale={i18n.locale} />
  );
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
        {items.length === 0 ? <EmptyState title={_("offlineLoan.mine.empty")} /> : null}
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
          }}
          onGone={readAgain}
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
        confirming={withdrawReport.isPending}
        onConfirm={() => {
          if (withdrawing) void withdraw(withdrawing);
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
