import {
  type CalendarDate,
  isValidCalendarDate,
  type Jurisdiction,
  repaymentDateRange,
  todayIn,
} from "@chayong/domain";
import { Button, MoneyText, PageHeader, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { type CurrentUser, currentUserQuery } from "../../data/api-query";
import { useDomainForm } from "../../forms";
import { asTransportError } from "../../session/error-catalogue";
import { domainMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { sessionStoredAtom, sessionStoredKeys } from "../../state/session-scoped";
import { currencyUnit } from "../money/currency-unit";
import { chosenTemplateAtom } from "../templates/chosen-template";
import {
  contractAddRequestSchema,
  type DraftForm,
  emptyDraftForm,
  fieldOfDraft,
  isDraftForm,
  previewOf,
  validateForm,
} from "./contract-draft-form";
import { formatPercent } from "./percent";
import { ScheduleTable } from "./schedule-table";

/**
 * The draft survives a trip to the template list and back, a reload, and an ended session for
 * the same lender's next login (docs/login.md#session-end-in-the-app); a logout or another user's
 * login forgets it. Cleared once the contract exists.
 */
const draftFormAtom = sessionStoredAtom<DraftForm | null>(
  sessionStoredKeys.contractDraft,
  null,
  isDraftForm,
);

type Lender = NonNullable<CurrentUser["lender"]>;

export function CreateContractPage() {
  const { _ } = useLingui();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const back = useBack();
  const lender = user.lender;
  return (
    <>
      <PageHeader title={_("contract.create.title")} onBack={back} />
      {lender ? (
        <CreateContractForm lender={lender} lenderPhone={user.phone} />
      ) : (
        <div className="page">
          <p className="page__error">{_("access.forbidden")}</p>
        </div>
      )}
    </>
  );
}

/**
 * The server's refusal of a blocked borrower phone (409, docs/customers.md; the only conflict
 * `contract.add` answers), whose envelope names no field: its words belong on the phone.
 */
function blockedPhoneMessage(error: unknown): string | null {
  const transportError = asTransportError(error);
  return transportError?.kind === "envelope-status" && transportError.status === 409
    ? (transportError.serverMessage ?? null)
    : null;
}

function CreateContractForm({ lender, lenderPhone }: { lender: Lender; lenderPhone: string }) {
  const { _, i18n } = useLingui();
  const navigate = useNavigate();
  const addContract = useApiMutation("contract.add");
  const toast = useToast();
  const jurisdiction = lender.jurisdiction as Jurisdiction;
  const currency = jurisdiction === "TW" ? "TWD" : "KRW";
  const today: CalendarDate = useMemo(() => todayIn(lender.timeZone, new Date()), [lender]);
  // The lender's phone: the form refuses it as the borrower's, as the server does.
  const ctx = useMemo(
    () => ({ jurisdiction, today, lenderPhone }),
    [jurisdiction, today, lenderPhone],
  );

  const [stored, setStored] = useAtom(draftFormAtom);
  const [chosen, setChosen] = useAtom(chosenTemplateAtom);
  const [initial] = useState<DraftForm>(
    () =>
      stored ?? {
        ...emptyDraftForm(today),
        lender: lender.displayName,
        merchantName: lender.merchantName,
      },
  );
  const { form, submit, message, sayOnField } = useDomainForm({
    defaultValues: initial,
    request: contractAddRequestSchema,
    // validateContractDraft: the draft's fields, the rules between them and the legal cap.
    rules: (values) => validateForm(values, ctx),
    fieldOf: fieldOfDraft,
    // The cost preview says the legal cap (live, naming both rates); the field does not repeat it.
    saidElsewhere: (problem) => problem.key === "contract.rate.aboveCap",
    onValuesChange: setStored,
    onSubmit: async (draft) => {
      try {
        const contract = await addContract.mutateAsync(draft);
        setStored(null);
        toast.show(_("contract.create.success"));
        await navigate({ to: "/pages/order/common", search: { id: contract.id }, replace: true });
      } catch (error) {
        const blocked = blockedPhoneMessage(error);
        if (blocked === null) throw error;
        sayOnField("borrowerPhone", blocked);
      }
    },
  });
  const values = useStore(form.store, (state) => state.values);
  // The single payment's total as typed, while its instalments are what it was turned into.
  const convertedTotal = useRef<{ total: number; each: number; count: number } | null>(null);
  const allowedRepaymentDates = isValidCalendarDate(values.loanDate)
    ? repaymentDateRange(values.loanDate)
    : undefined;

  // A template picked on the template list fills lender and merchant name (docs/screens.md#templates).
  useEffect(() => {
    if (!chosen) return;
    form.setFieldValue("lender", chosen.lender);
    form.setFieldValue("merchantName", chosen.merchantName);
    if (form.state.values.name.trim() === "") form.setFieldValue("name", chosen.name);
    // Last: typing a lender or merchant name of one's own leaves the template.
    form.setFieldValue("templateId", chosen.id);
    setChosen(null);
  }, [chosen]);
  const leaveTemplate = { onChange: () => form.setFieldValue("templateId", undefined) };

  const sending = addContract.isPending || addContract.isSuccess;
  const errors = useMemo(() => validateForm(values, ctx), [values, ctx]);
  const preview = useMemo(() => previewOf(values, ctx), [values, ctx]);
  const capError = errors.find((error) => error.key === "contract.rate.aboveCap");
  // The cap is explained as soon as the amounts exceed it, before the rest of the form is done.
  const capMessage = capError
    ? domainMessage(capError, _)
    : preview && !preview.withinCap
      ? domainMessage(
          {
            key: "contract.rate.aboveCap",
            params: {
              ratePercent: preview.displayedRatePercent,
              capPercent: preview.capPercent,
            },
          },
          _,
        )
      : undefined;

  const money = (
    name: "loanAmount" | "disbursedAmount" | "instalmentAmount" | "serviceFee",
    label: string,
    required = true,
  ) => (
    <form.AppField name={name}>
      {(field) => (
        <field.MoneyField
          label={label}
          unit={currencyUnit(currency, _)}
          locale={i18n.locale}
          required={required}
        />
      )}
    </form.AppField>
  );

  return (
    <form className="page" onSubmit={submit} noValidate>
      <section className="page__section" aria-labelledby="contract-parties">
        <div className="page__row page__row--center">
          <h2 className="page__section-title" id="contract-parties">
            {_("document.parties")}
          </h2>
          <Button
            variant="secondary"
            onClick={() => void navigate({ to: "/pages/template/list", search: { select: true } })}
          >
            {_("contract.fromTemplate")}
          </Button>
        </div>
        <form.AppField name="name">
          {(field) => <field.TextField label={_("contract.name")} maxLength={100} required />}
        </form.AppField>
        <form.AppField name="borrowerPhone">
          {(field) => (
            <field.TextField
              label={_("contract.borrowerPhone")}
              type="tel"
              inputMode="tel"
              required
            />
          )}
        </form.AppField>
        {/* Before lending, what the borrower already owes (docs/customers.md); the draft stays. */}
        <Button
          variant="ghost"
          className="create-contract__shared-debt"
          onClick={() =>
            void navigate({
              to: "/pages/me/sharedDebt",
              search:
                values.borrowerPhone.trim() === "" ? {} : { phone: values.borrowerPhone.trim() },
            })
          }
        >
          {_("sharedDebt.checkBorrower")}
        </Button>
        <form.AppField name="lender" listeners={leaveTemplate}>
          {(field) => <field.TextField label={_("contract.lender")} maxLength={100} required />}
        </form.AppField>
        <form.AppField name="merchantName" listeners={leaveTemplate}>
          {(field) => (
            <field.TextField label={_("contract.merchantName")} maxLength={100} required />
          )}
        </form.AppField>
      </section>

      <section className="page__section" aria-labelledby="contract-terms">
        <h2 className="page__section-title" id="contract-terms">
          {_("document.terms")}
        </h2>
        {money("loanAmount", _("contract.loanAmount"))}
        {money("disbursedAmount", _("contract.disbursedAmount"))}
        <form.AppField name="loanDate">
          {(field) => <field.DateField label={_("contract.loanDate")} required />}
        </form.AppField>
        <form.AppField name="repaymentDate">
          {(field) => (
            <field.DateField
              label={_(
                values.instalment ? "contract.firstRepaymentDate" : "contract.repaymentDate",
              )}
              // The picker offers only the dates the rule accepts (after the loan date, within
              // 5 years of it); typed ones are checked by the rule.
              min={allowedRepaymentDates?.first}
              max={allowedRepaymentDates?.last}
              // A loan made earlier may be recorded, but a date already past makes it overdue the
              // moment it is signed: said, not refused.
              // Only for a date the form accepts: before the loan date, the one message is the
              // error that says so.
              hint={
                values.repaymentDate &&
                values.repaymentDate < today &&
                (!values.loanDate || values.repaymentDate > values.loanDate)
                  ? _("contract.repaymentDate.past")
                  : undefined
              }
              required
            />
          )}
        </form.AppField>
        <form.AppField
          name="instalment"
          listeners={{
            // One amount field holds the total of a single payment and each instalment's amount
            // otherwise: switching converts it, so what is repaid stays what was typed (each
            // instalment rounded up; switching straight back restores the total typed).
            onChange: ({ value: instalment }) => {
              const { instalmentAmount: amount, instalmentCount: count } = form.state.values;
              const before = convertedTotal.current;
              convertedTotal.current = null;
              if (amount === null || !(count > 1)) return;
              if (instalment) {
                const each = Math.ceil(amount / count);
                convertedTotal.current = { total: amount, each, count };
                form.setFieldValue("instalmentAmount", each);
              } else {
                const untouched = before?.each === amount && before.count === count;
                form.setFieldValue("instalmentAmount", untouched ? before.total : amount * count);
              }
            },
          }}
        >
          {(field) => (
            <field.SegmentedControl
              label={_("contract.isInstalment")}
              options={[
                { value: false, label: _("contract.type.single") },
                { value: true, label: _("contract.type.instalment") },
              ]}
            />
          )}
        </form.AppField>
        {values.instalment ? (
          <>
            <form.AppField name="instalmentCount">
              {(field) => (
                <field.Select
                  label={_("contract.instalmentCount")}
                  options={Array.from({ length: 9 }, (_unused, index) => ({
                    value: index + 2,
                    label: String(index + 2),
                  }))}
                  required
                />
              )}
            </form.AppField>
            <form.AppField name="interval">
              {(field) => (
                <field.SegmentedControl<DraftForm["interval"]>
                  label={_("contract.instalmentInterval")}
                  options={[
                    { value: "weekly", label: _("contract.instalmentInterval.weekly") },
                    { value: "fortnightly", label: _("contract.instalmentInterval.fortnightly") },
                    { value: "monthly", label: _("contract.instalmentInterval.monthly") },
                  ]}
                />
              )}
            </form.AppField>
          </>
        ) : null}
        {money(
          "instalmentAmount",
          values.instalment ? _("contract.instalmentAmount") : _("cost.totalRepayable"),
        )}
        {money("serviceFee", _("contract.serviceFee"), false)}
        <form.AppField name="overdueRate">
          {(field) => (
            <field.TextField
              label={_("contract.overdueRate")}
              inputMode="decimal"
              suffix="%"
              filter={(typed) => typed.replace(/[^\d.]/g, "")}
              required
            />
          )}
        </form.AppField>
      </section>

      <CostPreview
        preview={preview}
        currency={currency}
        capMessage={capMessage}
        inputsValid={!errors.some((error) => error !== capError && costFields.has(error.field))}
      />

      {message ? <p className="page__error">{message}</p> : null}
      <div className="page__actions">
        <Button type="submit" size="lg" block loading={sending}>
          {_("contract.create")}
        </Button>
      </div>
    </form>
  );
}

/** The fields the rate is computed from: while one of them is wrong, no rate is shown. */
const costFields = new Set<string | undefined>([
  "loanAmount",
  "disbursedAmount",
  "loanDate",
  "repaymentDate",
  "instalmentCount",
  "instalmentAmount",
  "serviceFee",
]);

/**
 * The schedule and the effective annual rate, live, before anything is sent (docs/cost-of-credit.md). A
 * rate, an amount received or a total computed from amounts the form refuses (e.g. more disbursed
 * than lent, a fee above it) means nothing: they show only once those fields are valid, and the
 * rate never beside 'within the cap' while a field is red.
 */
function CostPreview({
  preview,
  currency,
  capMessage,
  inputsValid,
}: {
  preview: ReturnType<typeof previewOf>;
  currency: "KRW" | "TWD";
  capMessage?: string;
  inputsValid: boolean;
}) {
  const { _, i18n } = useLingui();
  if (!preview) return null;
  const rate = preview.displayedRatePercent;
  const showRate = inputsValid && !Number.isNaN(rate);
  const refused = showRate && !preview.withinCap;
  return (
    <section
      className={refused ? "cost-preview cost-preview--refused" : "cost-preview"}
      aria-labelledby="cost-preview-title"
      aria-live="polite"
    >
      <h2 className="page__section-title" id="cost-preview-title">
        {_("cost.title")}
      </h2>
      <dl className="definition-list">
        <dt>{_("cost.effectiveAnnualRate")}</dt>
        <dd className="cost-preview__rate" data-testid="cost-rate">
          {showRate ? `${formatPercent(rate, i18n.locale)}%` : "—"}
        </dd>
        <dt>{_("cost.legalCap")}</dt>
        <dd>{formatPercent(preview.capPercent, i18n.locale)}%</dd>
        <dt>{_("cost.amountReceived")}</dt>
        <dd data-testid="cost-received">
          {inputsValid ? (
            <MoneyText amount={preview.amountReceived} currency={currency} locale={i18n.locale} />
          ) : (
            "—"
          )}
        </dd>
        <dt>{_("cost.totalRepayable")}</dt>
        <dd>
          {inputsValid ? (
            <MoneyText amount={preview.totalRepayable} currency={currency} locale={i18n.locale} />
          ) : (
            "—"
          )}
        </dd>
      </dl>
      {showRate ? (
        <p
          className={capMessage ? "page__error" : "page__note"}
          role={capMessage ? "alert" : undefined}
        >
          {capMessage ?? (preview.withinCap ? _("cost.withinCap") : null)}
        </p>
      ) : (
        <p className="page__note">{_("cost.pendingInputs")}</p>
      )}
      <p className="page__note">{_("cost.explanation")}</p>
      <h3 className="page__section-title">{_("contract.schedule.title")}</h3>
      <ScheduleTable
        rows={preview.schedule.map((row) => ({
          index: row.index,
          dueDate: row.dueDate,
          amount: row.amount,
        }))}
        currency={currency}
      />
    </section>
  );
}
