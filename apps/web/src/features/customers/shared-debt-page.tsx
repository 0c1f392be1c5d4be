import { type Currency, displayPhone, normalizePhone, type SharedDebtInfo } from "@chayong/domain";
import { formatInstant } from "@chayong/i18n/lazy";
import { Button, EmptyState, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { currentUserQuery } from "../../data/api-query";
import { useDomainForm } from "../../forms";
import { asTransportError } from "../../session/error-catalogue";
import { useBack } from "../../session/use-back";
import { emptySharedDebtForm, sharedDebtRequestSchema } from "./shared-debt-form";
import { SharedDebtResult } from "./shared-debt-result";

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

  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The answer comes under the form, below the fold on a phone: bring it into view.
  const resultRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sending || outcome) resultRef.current?.scrollIntoView?.({ block: "start" });
  }, [sending, outcome]);

  // Checked by the domain's query schema, the server's own (phone, ID number, card, remark).
  const { form, submit, message, say } = useDomainForm({
    defaultValues: { ...emptySharedDebtForm, phone: initialPhone },
    request: sharedDebtRequestSchema,
    onSubmit: async (request, values) => {
      setOutcome(null);
      const phone = phoneAsRead(values.phone);
      try {
        const info = await lookUp.mutateAsync(request);
        setOutcome({ kind: "found", info, phone, at: new Date() });
      } catch (error) {
        const status = refusedStatus(error);
        if (status === 404) setOutcome({ kind: "notFound", phone, at: new Date() });
        else if (status === 429) say(_("sharedDebt.tooFrequent"));
        // The server's field problems on the fields, anything else under the button.
        else throw error;
      }
    },
  });

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
          <form.AppField name="phone">
            {(field) => (
              <field.TextField
                label={_("sharedDebt.phone")}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                required
              />
            )}
          </form.AppField>
          <form.AppField name="idNumber">
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
          </form.AppField>
          <form.AppField name="bankCard">
            {(field) => (
              <field.TextField
                label={_("sharedDebt.bankCard")}
                inputMode="numeric"
                autoComplete="off"
                maxLength={40}
                hint={_("sharedDebt.bankCard.hint")}
              />
            )}
          </form.AppField>
          <form.AppField name="remark">
            {(field) => (
              <field.TextField
                label={_("sharedDebt.remark")}
                maxLength={200}
                hint={_("sharedDebt.remark.hint")}
              />
            )}
          </form.AppField>
          {message ? (
            <p className="page__error" role="alert">
              {message}
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
