import { type Currency, displayPhone, normalizePhone, type SharedDebtInfo } from "@chayong/domain";
import { formatInstant } from "@chayong/i18n/lazy";
import { Button, EmptyState, PageHeader, TextField } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { currentUserQuery } from "../../data/api-query";
import { asTransportError } from "../../session/error-catalogue";
import { domainMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { messagesByField, type ServerProblem } from "../identity/id-card-form";
import {
  emptySharedDebtForm,
  type SharedDebtForm,
  sharedDebtProblems,
  sharedDebtRequestOf,
} from "./shared-debt-form";
import { SharedDebtResult } from "./shared-debt-result";

type FieldName = keyof SharedDebtForm;

/** The last lookup's answer: figures, or 'not found' (a normal outcome, not an error). */
type Outcome =
  | { kind: "found"; info: SharedDebtInfo; phone: string; at: Date }
  | { kind: "notFound"; phone: string; at: Date };

/** The envelope status of a refused call, or null. */
function refusedStatus(error: unknown): number | null {
  const transportError = asTransportError(error);
  return transportError?.kind === "envelope-status" ? (transportError.status ?? null) : null;
}

/**
 * The shared-debt lookup (docs/customers.md, "Shared-debt lookup"): phone and ID number, bank
 * card and remark optional; the answer as two cards, online and offline. 'Not found' is an
 * empty state that says what it may mean, the hourly limit is said as such. `initialPhone`
 * comes from the create-contract form's link.
 */
export function SharedDebtPage({ initialPhone = "" }: { initialPhone?: string }) {
  const { _, i18n } = useLingui();
  const back = useBack();
  const navigate = useNavigate();
  const user = useSuspenseQuery(currentUserQuery()).data;
  const currency: Currency = user.lender?.jurisdiction === "TW" ? "TWD" : "KRW";
  const lookUp = useApiMutation("contract.sharedDebt");
  const sending = lookUp.isPending;

  const [form, setForm] = useState<SharedDebtForm>({ ...emptySharedDebtForm, phone: initialPhone });
  const [touched, setTouched] = useState<Set<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const [sendError, setSendError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The answer comes under the form, below the fold on a phone: bring it into view.
  const resultRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sending || outcome) resultRef.current?.scrollIntoView?.({ block: "start" });
  }, [sending, outcome]);

  const problems = useMemo(() => sharedDebtProblems(form), [form]);
  const errorFor = (field: FieldName): string | undefined => {
    const fromServer = serverErrors.get(field);
    if (fromServer) return fromServer;
    if (!submitted && !touched.has(field)) return undefined;
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? domainMessage(problem, _) : undefined;
  };
  const touch = (field: FieldName) => () =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const update = (field: FieldName, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!current.has(field)) return current;
      const next = new Map(current);
      next.delete(field);
      return next;
    });
    setSendError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSendError(null);
    if (problems.length > 0) {
      document.querySelector<HTMLElement>(".shared-debt-form [aria-invalid='true']")?.focus();
      return;
    }
    setOutcome(null);
    const phone = phoneAsRead(form.phone);
    try {
      const info = await lookUp.mutateAsync(sharedDebtRequestOf(form));
      setOutcome({ kind: "found", info, phone, at: new Date() });
    } catch (error) {
      const status = refusedStatus(error);
      const body = asTransportError(error)?.body as { errors?: ServerProblem[] } | undefined;
      if (status === 404) setOutcome({ kind: "notFound", phone, at: new Date() });
      else if (status === 429) setSendError(_("sharedDebt.tooFrequent"));
      else if (body?.errors?.length) setServerErrors(messagesByField(body.errors));
      else setSendError(screenMessage(error, _));
    }
  };

  const asOf = (outcome: Outcome) =>
    _("sharedDebt.asOf", {
      phone: outcome.phone,
      time: formatInstant(outcome.at, i18n.locale),
    });

  return (
    <>
      <PageHeader title={_("sharedDebt.title")} onBack={back} />
      <div className="page page--above-service">
        <form className="page__section shared-debt-form" onSubmit={submit} noValidate>
          <p className="page__note">{_("sharedDebt.intro")}</p>
          <TextField
            label={_("sharedDebt.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={form.phone}
            onChange={(event) => update("phone", event.currentTarget.value)}
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
            onChange={(event) => update("idNumber", event.currentTarget.value)}
            onBlur={touch("idNumber")}
            error={errorFor("idNumber")}
            required
          />
          <TextField
            label={_("sharedDebt.bankCard")}
            name="bankCard"
            inputMode="numeric"
            autoComplete="off"
            value={form.bankCard}
            maxLength={40}
            hint={_("sharedDebt.bankCard.hint")}
            onChange={(event) => update("bankCard", event.currentTarget.value)}
            onBlur={touch("bankCard")}
            error={errorFor("bankCard")}
          />
          <TextField
            label={_("sharedDebt.remark")}
            name="remark"
            value={form.remark}
            maxLength={200}
            hint={_("sharedDebt.remark.hint")}
            onChange={(event) => update("remark", event.currentTarget.value)}
            onBlur={touch("remark")}
            error={errorFor("remark")}
          />
          {sendError ? (
            <p className="page__error" role="alert">
              {sendError}
            </p>
          ) : null}
          <Button type="submit" size="lg" block loading={sending}>
            {_("sharedDebt.submit")}
          </Button>
        </form>

        {sending || outcome ? (
          <section
            ref={resultRef}
            className="page__section shared-debt__result"
            aria-labelledby="shared-debt-result"
            aria-live="polite"
          >
            <h2 className="page__section-title" id="shared-debt-result">
              {_("sharedDebt.result")}
            </h2>
            {outcome ? <p className="page__note">{asOf(outcome)}</p> : null}
            {sending ? <SharedDebtResult info={null} currency={currency} /> : null}
            {outcome?.kind === "found" ? (
              <SharedDebtResult info={outcome.info} currency={currency} />
            ) : null}
            {outcome?.kind === "notFound" ? (
              <EmptyState
                title={_("sharedDebt.notFound")}
                description={_("sharedDebt.notFound.description")}
              />
            ) : null}
          </section>
        ) : null}

        <Button
          variant="secondary"
          block
          onClick={() => void navigate({ to: "/pages/me/offlineLoans" })}
        >
          {_("offlineLoan.mine")}
        </Button>
      </div>
    </>
  );
}

/** The phone as the result names it: as people read it at home when valid, else as typed. */
function phoneAsRead(typed: string): string {
  const phone = normalizePhone(typed);
  return phone.ok ? displayPhone(phone.value) : typed.trim();
}
