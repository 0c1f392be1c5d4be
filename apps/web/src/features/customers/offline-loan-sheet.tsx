import {
  type CalendarDate,
  type Currency,
  displayPhone,
  type OfflineLoanReport,
  type OfflineLoanState,
  offlineLoanStates,
} from "@chayong/domain";
import { Button, Sheet, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import { useMemo } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { useDomainForm } from "../../forms";
import { asTransportError } from "../../session/error-catalogue";
import { currencyUnit } from "../money/currency-unit";
import {
  type OfflineLoanForm,
  type OfflineLoanMode,
  offlineLoanProblems,
  offlineLoanRequestSchema,
} from "./offline-loan-form";

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
  const reportLoan = useApiMutation("contract.reportOfflineLoan");
  const correctLoan = useApiMutation("contract.correctOfflineLoan");
  const sending = reportLoan.isPending || correctLoan.isPending;

  const requestMode = useMemo<OfflineLoanMode>(
    () => (mode.kind === "report" ? { kind: "report" } : { kind: "correct", id: mode.report.id }),
    [mode],
  );
  const request = useMemo(() => offlineLoanRequestSchema(requestMode), [requestMode]);
  const {
    form: loanForm,
    submit,
    message,
  } = useDomainForm({
    defaultValues: form,
    request,
    // The rules between the terms and against today, as the server runs them.
    rules: (values) => offlineLoanProblems(values, requestMode, today),
    onValuesChange: onFormChange,
    onSubmit: async (sent) => {
      try {
        const report =
          sent.kind === "report"
            ? await reportLoan.mutateAsync(sent.request)
            : await correctLoan.mutateAsync(sent.request);
        toast.show(
          _(sent.kind === "report" ? "offlineRecord.success" : "offlineLoan.correct.success"),
        );
        onDone(report);
      } catch (error) {
        const transportError = asTransportError(error);
        // Withdrawn elsewhere: said under the button, and the list is read again.
        if (transportError?.kind === "envelope-status" && transportError.status === 404) onGone();
        throw error;
      }
    },
  });
  const state = useStore(loanForm.store, (formState) => formState.values.state);

  const title = _(mode.kind === "report" ? "offlineRecord.title" : "offlineLoan.correct.title");
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
      onSubmit={submit}
      actions={
        <Button type="submit" size="lg" block loading={sending}>
          {_(mode.kind === "report" ? "offlineLoan.report.submit" : "offlineLoan.correct.submit")}
        </Button>
      }
    >
      {mode.kind === "report" ? (
        <>
          <loanForm.AppField name="phone">
            {(field) => (
              <field.TextField
                label={_("sharedDebt.phone")}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                required
              />
            )}
          </loanForm.AppField>
          <loanForm.AppField name="idNumber">
            {(field) => (
              <field.TextField
                label={_("sharedDebt.idNumber")}
                maxLength={32}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
              />
            )}
          </loanForm.AppField>
        </>
      ) : (
        <p className="page__note">{_("offlineLoan.correct.personNote")}</p>
      )}
      <loanForm.AppField name="amount">
        {(field) => (
          <field.MoneyField
            label={_("offlineRecord.amount")}
            locale={i18n.locale}
            unit={currencyUnit(currency, _)}
            required
          />
        )}
      </loanForm.AppField>
      <loanForm.AppField name="loanDate">
        {(field) => <field.DateField label={_("offlineRecord.date")} max={today} required />}
      </loanForm.AppField>
      <loanForm.AppField name="state">
        {(field) => (
          <field.SegmentedControl<OfflineLoanState>
            label={_("offlineRecord.state")}
            options={offlineLoanStates.map((value) => ({ value, label: _(stateLabels[value]) }))}
          />
        )}
      </loanForm.AppField>
      {state === "settled" ? (
        <p className="page__note">{_("offlineLoan.settledNote")}</p>
      ) : (
        <loanForm.AppField name="outstandingAmount">
          {(field) => (
            <field.MoneyField
              label={_("offlineLoan.outstandingAmount")}
              locale={i18n.locale}
              unit={currencyUnit(currency, _)}
              hint={_("offlineLoan.outstandingAmount.hint")}
            />
          )}
        </loanForm.AppField>
      )}
      {message ? (
        <p className="page__error" role="alert">
          {message}
        </p>
      ) : null}
    </Sheet>
  );
}
