import {
  type CalendarDate,
  type Currency,
  displayPhone,
  type OfflineLoanReport,
  type OfflineLoanState,
} from "@chayong/domain";
import {
  Button,
  DateField,
  MoneyField,
  SegmentedControl,
  Sheet,
  TextField,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import type { ApiInput } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { asTransportError } from "../../session/error-catalogue";
import { domainMessage, screenMessage } from "../../session/screen-message";
import { messagesByField, type ServerProblem } from "../identity/id-card-form";
import { currencyUnit } from "../money/currency-unit";
import {
  correctionRequestOf,
  type OfflineLoanForm,
  offlineLoanProblems,
  reportRequestOf,
} from "./offline-loan-form";

type FieldName = keyof OfflineLoanForm;

/** Filing a new report, or correcting the terms of one of the lender's own. */
export type OfflineLoanSheetMode =
  | { kind: "report" }
  | { kind: "correct"; report: OfflineLoanReport };

const stateLabels = {
  inTransit: "offlineRecord.state.inTransit",
  overdue: "offlineRecord.state.overdue",
  settled: "offlineRecord.state.settled",
} as const satisfies Record<OfflineLoanState, string>;

/**
 * One offline loan in a bottom sheet (docs/customers.md, "Offline loan reports"): the person for
 * a new report, the terms always. The domain checks the fields as they are typed (the rules the
 * server runs); the server's word is shown on its field. The form belongs to the page, so a
 * refusal or closing the sheet loses nothing typed.
 */
export function OfflineLoanSheet({
  mode,
  form,
  onFormChange,
  today,
  currency,
  onClose,
  onDone,
  onGone,
}: {
  mode: OfflineLoanSheetMode;
  form: OfflineLoanForm;
  onFormChange: (form: OfflineLoanForm) => void;
  /** The lender's today (loan dates are never after it). */
  today: CalendarDate;
  currency: Currency;
  onClose: () => void;
  onDone: (report: OfflineLoanReport) => void;
  /** The report no longer exists for this lender (withdrawn elsewhere): the list is stale. */
  onGone: () => void;
}) {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const [touched, setTouched] = useState<Set<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const reportLoan = useApiMutation("contract.reportOfflineLoan");
  const correctLoan = useApiMutation("contract.correctOfflineLoan");
  const sending = reportLoan.isPending || correctLoan.isPending;
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const [sendError, setSendError] = useState<string | null>(null);

  const problemMode = useMemo(
    () =>
      mode.kind === "report"
        ? ({ kind: "report" } as const)
        : ({ kind: "correct", id: mode.report.id } as const),
    [mode],
  );
  const problems = useMemo(
    () => offlineLoanProblems(form, problemMode, today),
    [form, problemMode, today],
  );
  const errorFor = (field: FieldName): string | undefined => {
    const fromServer = serverErrors.get(field);
    if (fromServer) return fromServer;
    if (!submitted && !touched.has(field)) return undefined;
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? domainMessage(problem, _) : undefined;
  };
  const update = (field: FieldName, patch: Partial<OfflineLoanForm>) => {
    onFormChange({ ...form, ...patch });
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    setServerErrors((current) => {
      if (!current.has(field) && !current.has("form")) return current;
      const next = new Map(current);
      next.delete(field);
      next.delete("form");
      return next;
    });
    setSendError(null);
  };
  const touch = (field: FieldName) => () =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const submit = async () => {
    setSubmitted(true);
    setSendError(null);
    if (problems.length > 0) {
      document.querySelector<HTMLElement>(".cy-sheet [aria-invalid='true']")?.focus();
      return;
    }
    try {
      const report =
        mode.kind === "report"
          ? await reportLoan.mutateAsync(
              reportRequestOf(form) as ApiInput<"contract.reportOfflineLoan">,
            )
          : await correctLoan.mutateAsync(
              correctionRequestOf(mode.report.id, form) as ApiInput<"contract.correctOfflineLoan">,
            );
      toast.show(
        _(mode.kind === "report" ? "offlineRecord.success" : "offlineLoan.correct.success"),
      );
      onDone(report);
    } catch (error) {
      const transportError = asTransportError(error);
      const body = transportError?.body as { errors?: ServerProblem[] } | undefined;
      if (body?.errors?.length) {
        setServerErrors(messagesByField(body.errors));
        return;
      }
      setSendError(screenMessage(error, _));
      if (transportError?.kind === "envelope-status" && transportError.status === 404) onGone();
    }
  };

  const title = _(mode.kind === "report" ? "offlineRecord.title" : "offlineLoan.correct.title");
  const formError = serverErrors.get("form") ?? sendError;
  return (
    <Sheet
      open
      // Never closed while the report is on its way: its answer must reach this sheet.
      onClose={() => {
        if (!sending) onClose();
      }}
      title={title}
      description={
        mode.kind === "correct"
          ? `${displayPhone(mode.report.phone)} · ${_(stateLabels[mode.report.state])}`
          : undefined
      }
      onSubmit={() => void submit()}
      actions={
        <Button type="submit" size="lg" block loading={sending}>
          {_(mode.kind === "report" ? "offlineLoan.report.submit" : "offlineLoan.correct.submit")}
        </Button>
      }
    >
      {mode.kind === "report" ? (
        <>
          <TextField
            label={_("sharedDebt.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={form.phone}
            onChange={(event) => update("phone", { phone: event.currentTarget.value })}
            onBlur={touch("phone")}
            error={errorFor("phone")}
            required
          />
          <TextField
            label={_("sharedDebt.idNumber")}
            name="idNumber"
            value={form.idNumber}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => update("idNumber", { idNumber: event.currentTarget.value })}
            onBlur={touch("idNumber")}
            error={errorFor("idNumber")}
            required
          />
        </>
      ) : (
        <p className="page__note">{_("offlineLoan.correct.personNote")}</p>
      )}
      <MoneyField
        label={_("offlineRecord.amount")}
        name="amount"
        value={form.amount}
        locale={i18n.locale}
        unit={currencyUnit(currency, _)}
        onValueChange={(amount) => update("amount", { amount })}
        onBlur={touch("amount")}
        error={errorFor("amount")}
        required
      />
      <DateField
        label={_("offlineRecord.date")}
        name="loanDate"
        value={form.loanDate}
        max={today}
        onValueChange={(loanDate) => update("loanDate", { loanDate })}
        onBlur={touch("loanDate")}
        error={errorFor("loanDate")}
        required
      />
      <SegmentedControl<OfflineLoanState>
        label={_("offlineRecord.state")}
        value={form.state}
        options={(Object.keys(stateLabels) as OfflineLoanState[]).map((state) => ({
          value: state,
          label: _(stateLabels[state]),
        }))}
        onValueChange={(state) => update("state", { state })}
      />
      {errorFor("state") ? <p className="page__error">{errorFor("state")}</p> : null}
      {form.state === "settled" ? (
        <p className="page__note">{_("offlineLoan.settledNote")}</p>
      ) : (
        <MoneyField
          label={_("offlineLoan.outstandingAmount")}
          name="outstandingAmount"
          value={form.outstandingAmount}
          locale={i18n.locale}
          unit={currencyUnit(currency, _)}
          hint={_("offlineLoan.outstandingAmount.hint")}
          onValueChange={(outstandingAmount) => update("outstandingAmount", { outstandingAmount })}
          onBlur={touch("outstandingAmount")}
          error={errorFor("outstandingAmount")}
        />
      )}
      {formError ? (
        <p className="page__error" role="alert">
          {formError}
        </p>
      ) : null}
    </Sheet>
  );
}
