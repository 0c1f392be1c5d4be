import { type CalendarDate, type Jurisdiction, todayIn } from "@chayong/domain";
import {
  Button,
  DateField,
  MoneyField,
  MoneyText,
  PageHeader,
  SegmentedControl,
  Select,
  TextField,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { ApiInput } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { type CurrentUser, currentUserQuery } from "../../data/api-query";
import { asTransportError } from "../../session/error-catalogue";
import { domainMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { sessionScopedAtom } from "../../state/session-scoped";
import { currencyUnit } from "../money/currency-unit";
import { chosenTemplateAtom } from "../templates/chosen-template";
import {
  type DraftForm,
  draftOf,
  emptyDraftForm,
  previewOf,
  validateForm,
} from "./contract-draft-form";
import { formatPercent } from "./percent";
import { ScheduleTable } from "./schedule-table";

/** The draft survives a trip to the template list and back; cleared once the contract exists. */
const draftFormAtom = sessionScopedAtom<DraftForm | null>(null);

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

type FieldName = keyof ReturnType<typeof draftOf> | "overdueRatePercent";

/**
 * The server's refusal that belongs on a field, in its words: the 409 of a blocked borrower
 * phone (docs/customers.md; the only conflict `contract.add` answers; its envelope names no
 * field), and a 400 whose first problem is the borrower phone (the lender's own, docs/screens.md).
 * Other refusals stay under the button, as before.
 */
function serverFieldMessages(error: unknown): Map<string, string> {
  const byField = new Map<string, string>();
  const transportError = asTransportError(error);
  if (transportError?.kind !== "envelope-status" || !transportError.serverMessage) return byField;
  const firstField = (transportError.body as { errors?: { field?: string }[] } | undefined)
    ?.errors?.[0]?.field;
  if (
    transportError.status === 409 ||
    (transportError.status === 400 && firstField === "borrowerPhone")
  ) {
    byField.set("borrowerPhone", transportError.serverMessage);
  }
  return byField;
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
  const form: DraftForm = stored ?? {
    ...emptyDraftForm(today),
    lender: lender.displayName,
    merchantName: lender.merchantName,
  };
  // The server's word on a field (a blocked borrower phone), until that field changes.
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const update = (patch: Partial<DraftForm>) => {
    setStored({ ...form, ...patch });
    if (Object.keys(patch).some((field) => serverErrors.has(field))) {
      setServerErrors((current) => {
        const next = new Map(current);
        for (const field of Object.keys(patch)) next.delete(field);
        return next;
      });
    }
  };

  // A template picked on the template list fills lender and merchant name (docs/screens.md#templates).
  useEffect(() => {
    if (!chosen) return;
    update({
      lender: chosen.lender,
      merchantName: chosen.merchantName,
      templateId: chosen.id,
      ...(form.name.trim() === "" ? { name: chosen.name } : {}),
    });
    setChosen(null);
  }, [chosen]);

  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const sending = addContract.isPending || addContract.isSuccess;
  const [sendError, setSendError] = useState<string | null>(null);

  const errors = useMemo(() => validateForm(form, ctx), [form, ctx]);
  const preview = useMemo(() => previewOf(form, ctx), [form, ctx]);
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
  const errorFor = (field: FieldName): string | undefined => {
    const fromServer = serverErrors.get(field);
    if (fromServer) return fromServer;
    if (!submitted && !touched.has(field)) return undefined;
    const error = errors.find((candidate) => candidate.field === field && candidate !== capError);
    return error ? domainMessage(error, _) : undefined;
  };
  const touch = (field: FieldName) => () =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSendError(null);
    if (errors.length > 0) {
      document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    try {
      const contract = await addContract.mutateAsync(draftOf(form) as ApiInput<"contract.add">);
      setStored(null);
      toast.show(_("contract.create.success"));
      await navigate({ to: "/pages/order/common", search: { id: contract.id }, replace: true });
    } catch (error) {
      const onFields = serverFieldMessages(error);
      if (onFields.size > 0) {
        setServerErrors(onFields);
        // Shown on its field; the focus goes there once the field has re-rendered.
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
        );
        return;
      }
      setSendError(screenMessage(error, _));
    }
  };

  const money = (
    field: "loanAmount" | "disbursedAmount" | "instalmentAmount" | "serviceFee",
    label: string,
    required = true,
  ) => (
    <MoneyField
      label={label}
      name={field}
      value={form[field]}
      onValueChange={(value) => update({ [field]: value })}
      onBlur={touch(field)}
      unit={currencyUnit(currency, _)}
      locale={i18n.locale}
      error={errorFor(field)}
      required={required}
    />
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
        <TextField
          label={_("contract.name")}
          name="name"
          value={form.name}
          maxLength={100}
          onChange={(event) => update({ name: event.currentTarget.value })}
          onBlur={touch("name")}
          error={errorFor("name")}
          required
        />
        <TextField
          label={_("contract.borrowerPhone")}
          name="borrowerPhone"
          type="tel"
          inputMode="tel"
          value={form.borrowerPhone}
          onChange={(event) => update({ borrowerPhone: event.currentTarget.value })}
          onBlur={touch("borrowerPhone")}
          error={errorFor("borrowerPhone")}
          required
        />
        {/* Before lending, what the borrower already owes (docs/customers.md); the draft stays. */}
        <Button
          variant="ghost"
          className="create-contract__shared-debt"
          onClick={() =>
            void navigate({
              to: "/pages/me/sharedDebt",
              search: form.borrowerPhone.trim() === "" ? {} : { phone: form.borrowerPhone.trim() },
            })
          }
        >
          {_("sharedDebt.checkBorrower")}
        </Button>
        <TextField
          label={_("contract.lender")}
          name="lender"
          value={form.lender}
          maxLength={100}
          onChange={(event) => update({ lender: event.currentTarget.value, templateId: undefined })}
          onBlur={touch("lender")}
          error={errorFor("lender")}
          required
        />
        <TextField
          label={_("contract.merchantName")}
          name="merchantName"
          value={form.merchantName}
          maxLength={100}
          onChange={(event) =>
            update({ merchantName: event.currentTarget.value, templateId: undefined })
          }
          onBlur={touch("merchantName")}
          error={errorFor("merchantName")}
          required
        />
      </section>

      <section className="page__section" aria-labelledby="contract-terms">
        <h2 className="page__section-title" id="contract-terms">
          {_("document.terms")}
        </h2>
        {money("loanAmount", _("contract.loanAmount"))}
        {money("disbursedAmount", _("contract.disbursedAmount"))}
        <DateField
          label={_("contract.loanDate")}
          name="loanDate"
          value={form.loanDate}
          onValueChange={(value) => update({ loanDate: value })}
          onBlur={touch("loanDate")}
          error={errorFor("loanDate")}
          required
        />
        <DateField
          label={_(form.instalment ? "contract.firstRepaymentDate" : "contract.repaymentDate")}
          name="repaymentDate"
          value={form.repaymentDate}
          min={form.loanDate || undefined}
          onValueChange={(value) => update({ repaymentDate: value })}
          onBlur={touch("repaymentDate")}
          error={errorFor("repaymentDate")}
          // A loan made earlier may be recorded, but a date already past makes it overdue the
          // moment it is signed: said, not refused.
          hint={
            form.repaymentDate && form.repaymentDate < today
              ? _("contract.repaymentDate.past")
              : undefined
          }
          required
        />
        <SegmentedControl<"single" | "instalment">
          label={_("contract.isInstalment")}
          value={form.instalment ? "instalment" : "single"}
          options={[
            { value: "single", label: _("contract.type.single") },
            { value: "instalment", label: _("contract.type.instalment") },
          ]}
          onValueChange={(value) => update({ instalment: value === "instalment" })}
        />
        {form.instalment ? (
          <>
            <Select
              label={_("contract.instalmentCount")}
              name="instalmentCount"
              value={String(form.instalmentCount)}
              options={Array.from({ length: 9 }, (_unused, index) => ({
                value: String(index + 2),
                label: String(index + 2),
              }))}
              onValueChange={(value) => update({ instalmentCount: Number(value) })}
              error={errorFor("instalmentCount")}
              required
            />
            <SegmentedControl<DraftForm["interval"]>
              label={_("contract.instalmentInterval")}
              value={form.interval}
              options={[
                { value: "weekly", label: _("contract.instalmentInterval.weekly") },
                { value: "fortnightly", label: _("contract.instalmentInterval.fortnightly") },
                { value: "monthly", label: _("contract.instalmentInterval.monthly") },
              ]}
              onValueChange={(value) => update({ interval: value })}
            />
          </>
        ) : null}
        {money(
          "instalmentAmount",
          form.instalment ? _("contract.instalmentAmount") : _("cost.totalRepayable"),
        )}
        {money("serviceFee", _("contract.serviceFee"), false)}
        <TextField
          label={_("contract.overdueRate")}
          name="overdueRate"
          inputMode="decimal"
          suffix="%"
          value={form.overdueRate}
          onChange={(event) =>
            update({ overdueRate: event.currentTarget.value.replace(/[^\d.]/g, "") })
          }
          onBlur={touch("overdueRatePercent")}
          error={errorFor("overdueRatePercent")}
          required
        />
      </section>

      <CostPreview
        preview={preview}
        currency={currency}
        capMessage={capMessage}
        inputsValid={!errors.some((error) => error !== capError && costFields.has(error.field))}
      />

      {sendError ? <p className="page__error">{sendError}</p> : null}
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
 * rate computed from amounts the form refuses (e.g. more disbursed than lent) means nothing: it
 * shows only once those fields are valid, and never beside 'within the cap' while a field is red.
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
        <dd>
          <MoneyText amount={preview.amountReceived} currency={currency} locale={i18n.locale} />
        </dd>
        <dt>{_("cost.totalRepayable")}</dt>
        <dd>
          <MoneyText amount={preview.totalRepayable} currency={currency} locale={i18n.locale} />
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
