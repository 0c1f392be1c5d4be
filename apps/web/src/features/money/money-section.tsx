import {
  addDays,
  type CalendarDate,
  defaultTimeZoneOf,
  type LedgerEntry,
  todayIn,
} from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import {
  Button,
  formatMoney,
  InstalmentBalances,
  LedgerTimeline,
  type LedgerTimelineEntry,
  MoneyText,
  Sheet,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { newActionKey } from "../../data/action-key";
import type { ApiAnswer } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { useDomainForm } from "../../forms";
import { screenMessage } from "../../session/screen-message";
import type { Contract } from "../contracts/contract-labels";
import { currencyUnit } from "./currency-unit";
import {
  fieldOf,
  initialMoneyForm,
  type MoneyAction,
  type MoneyForm,
  moneyProblems,
  moneyRequestSchema,
  operationContextOf,
  owedOn,
  reversalProblems,
  reversalRequestSchema,
} from "./money-form";

type Ledger = ApiAnswer<"contract.ledger">;

/** Statuses with money still owed: repayments, waivers and renewals apply (docs/money.md). */
function isOwing(contract: Contract): boolean {
  return contract.status === "type4" || contract.status === "type6";
}

/**
 * Money after signing, as the lender manages it (`editable`) or the borrower reads it: each
 * instalment's balance, the ledger as a timeline, and for the lender the actions (repayment,
 * waiver, renewal, reversal) in bottom sheets. A recorded action reads the contract (status
 * badge, totals) and its ledger again (src/data/invalidations.ts).
 */
export function MoneySection({ contract, editable }: { contract: Contract; editable: boolean }) {
  const { _, i18n } = useLingui();
  const timeZone = defaultTimeZoneOf(contract.jurisdiction);
  const ledger = useQuery(apiQuery("contract.ledger", { id: contract.id }));
  const [action, setAction] = useState<MoneyAction | null>(null);
  const [reversing, setReversing] = useState<LedgerTimelineEntry | null>(null);
  // What the lender typed and the action's idempotency key live here, not in the sheet: closing
  // the sheet after a lost answer and trying again sends the same key (the server then answers
  // the first answer or refuses a changed request); only a recorded action starts afresh.
  const [drafts, setDrafts] = useState<Partial<Record<MoneyAction, MoneyDraft>>>({});
  const [reversalKeys, setReversalKeys] = useState<Record<string, string>>({});
  // "Today" is the server's, in the lender's business time zone, not the phone's clock.
  const today = ledger.data?.asOf ?? todayIn(timeZone, new Date());
  const open = (next: MoneyAction) => {
    setDrafts((current) =>
      current[next]
        ? current
        : {
            ...current,
            [next]: { form: initialMoneyForm(next, contract, today), key: newActionKey() },
          },
    );
    setAction(next);
  };
  const draft = action ? drafts[action] : undefined;

  const money = (amount: number) => (
    <MoneyText amount={amount} currency={contract.currency} locale={i18n.locale} />
  );
  return (
    <>
      <section className="money-summary" aria-label={_("contract.outstandingAmount")}>
        <p className="money-summary__owed">
          <span className="money-summary__label">{_("contract.outstandingAmount")}</span>
          <strong className="money-summary__amount">{money(contract.outstandingAmount)}</strong>
        </p>
        <dl className="money-summary__facts">
          {contract.overdueAmount > 0 ? (
            <div className="money-summary__overdue">
              <dt>{_("contract.overdueAmount")}</dt>
              <dd>{money(contract.overdueAmount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{_("contract.repaidAmount")}</dt>
            <dd>{money(contract.repaidAmount)}</dd>
          </div>
          {contract.waivedAmount > 0 ? (
            <div>
              <dt>{_("contract.waivedAmount")}</dt>
              <dd>{money(contract.waivedAmount)}</dd>
            </div>
          ) : null}
          {contract.overdueInterest > 0 ? (
            <div>
              <dt>{_("contract.overdueInterest")}</dt>
              <dd>{money(contract.overdueInterest)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {editable && isOwing(contract) ? (
        <section className="page__section" aria-labelledby="money-actions">
          <h3 className="page__section-title" id="money-actions">
            {_("money.actions.title")}
          </h3>
          <div className="money-actions">
            <Button onClick={() => open("repayment")}>{_("operation.repayment")}</Button>
            <Button variant="secondary" onClick={() => open("waiver")}>
              {_("operation.waiver")}
            </Button>
            <Button variant="secondary" onClick={() => open("renewal")}>
              {_("operation.renewal")}
            </Button>
          </div>
        </section>
      ) : null}

      <section className="page__section" aria-labelledby="money-balances">
        <h3 className="page__section-title" id="money-balances">
          {_("money.balances.title")}
        </h3>
        <InstalmentBalances
          instalments={contract.schedule}
          currency={contract.currency}
          locale={i18n.locale}
          headingLevel={4}
        />
      </section>

      <section className="page__section" aria-labelledby="money-ledger">
        <h3 className="page__section-title" id="money-ledger">
          {_("ledger.title")}
        </h3>
        {editable ? null : <p className="page__note">{_("money.readOnly")}</p>}
        {ledger.data ? (
          ledger.data.entries.length === 0 ? (
            <p className="page__note">{_("ledger.empty")}</p>
          ) : (
            <LedgerTimeline
              entries={ledger.data.entries}
              currency={contract.currency}
              locale={i18n.locale}
              timeZone={timeZone}
              {...(editable ? { onReverse: setReversing } : {})}
            />
          )
        ) : ledger.isError ? (
          <div className="page__row">
            <p className="page__error">{screenMessage(ledger.error, _)}</p>
            <Button variant="secondary" onClick={() => void ledger.refetch()}>
              {_("common.retry")}
            </Button>
          </div>
        ) : (
          <p className="page__note">{_("common.loading")}</p>
        )}
      </section>

      {action && draft && ledger.data ? (
        <MoneyActionSheet
          key={action}
          action={action}
          contract={contract}
          ledger={ledger.data}
          today={today}
          draft={draft}
          onDraftChange={(draft) => setDrafts((current) => ({ ...current, [action]: draft }))}
          onClose={() => setAction(null)}
          onDone={() => {
            setDrafts((current) => ({ ...current, [action]: undefined }));
            setAction(null);
          }}
        />
      ) : null}
      {reversing && ledger.data ? (
        <ReversalSheet
          entry={reversing}
          actionKey={reversalKeys[reversing.id] ?? ""}
          onKey={(key) => setReversalKeys((current) => ({ ...current, [reversing.id]: key }))}
          contract={contract}
          ledger={ledger.data}
          today={today}
          onClose={() => setReversing(null)}
          onDone={() => setReversing(null)}
        />
      ) : null}
    </>
  );
}

const titleOf = {
  repayment: "operation.repayment",
  waiver: "operation.waiver",
  renewal: "operation.renewal",
} as const;
const successOf = {
  repayment: "operation.repayment.success",
  waiver: "operation.waiver.success",
  renewal: "renewal.success",
} as const;

/** An action the lender has started: the fields and the one idempotency key of that action. */
interface MoneyDraft {
  form: MoneyForm;
  key: string;
}

/**
 * One money action in a bottom sheet. The domain checks the fields as they are typed (the same
 * rules the server applies); the server's answer has the last word, shown as the server wrote
 * it. The draft and its idempotency key belong to the section (see MoneySection).
 */
function MoneyActionSheet({
  action,
  contract,
  ledger,
  today,
  draft,
  onDraftChange,
  onClose,
  onDone,
}: {
  action: MoneyAction;
  contract: Contract;
  ledger: Ledger;
  today: CalendarDate;
  draft: MoneyDraft;
  onDraftChange: (draft: MoneyDraft) => void;
  onClose: () => void;
  onDone: () => void;
}) {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const actionKey = draft.key;
  const repay = useApiMutation("contract.repay");
  const renew = useApiMutation("contract.renew");
  const sending = repay.isPending || renew.isPending;

  const context = useMemo(
    () => operationContextOf(contract, ledger.entries as LedgerEntry[], today),
    [contract, ledger, today],
  );
  const request = useMemo(() => moneyRequestSchema(action), [action]);
  const { form, submit, message } = useDomainForm({
    defaultValues: draft.form,
    request,
    // The server's own rules: the request's fields, then the plan against the ledger.
    rules: (values) => moneyProblems(action, values, context),
    fieldOf,
    onValuesChange: (values) => onDraftChange({ form: values, key: actionKey }),
    onSubmit: async (sent) => {
      const call = { id: contract.id, idempotencyKey: actionKey };
      if (sent.action === "renewal") await renew.mutateAsync({ ...call, ...sent.fields });
      else await repay.mutateAsync({ ...call, ...sent.fields });
      toast.show(_(successOf[action]));
      onDone();
    },
  });
  const values = useStore(form.store, (state) => state.values);

  const owing = contract.schedule.filter((instalment) => instalment.outstanding > 0);
  const chosen = contract.schedule.find(
    (instalment) => instalment.index === values.instalmentIndex,
  );
  // What the chosen instalment owes on the day the money counts (a repayment received earlier
  // owes less overdue interest than today's balance shows).
  const owedNow =
    values.instalmentIndex === null
      ? 0
      : owedOn(
          context,
          values.instalmentIndex,
          action === "repayment" && values.date !== "" ? values.date : today,
        );
  const money = (amount: number) => formatMoney(amount, contract.currency, { locale: i18n.locale });

  return (
    <Sheet
      open
      // Never closed while the action is on its way: its answer must reach this sheet.
      onClose={() => {
        if (!sending) onClose();
      }}
      title={_(titleOf[action])}
      description={contract.name}
      onSubmit={submit}
      actions={
        <Button type="submit" size="lg" loading={sending}>
          {_(titleOf[action])}
        </Button>
      }
    >
      <form.AppField name="instalmentIndex">
        {(field) => (
          <field.Select
            label={_("operation.instalment")}
            options={owing.map((instalment) => ({
              value: instalment.index,
              label: `${_("money.instalment.title", { index: instalment.index })} · ${formatCalendarDate(instalment.dueDate, i18n.locale)}`,
            }))}
            hint={
              chosen
                ? _("operation.outstandingNow", { amount: money(chosen.outstanding) })
                : undefined
            }
          />
        )}
      </form.AppField>
      {action === "renewal" ? (
        <form.AppField name="date">
          {(field) => (
            <field.DateField
              label={_("renewal.date")}
              min={[addDays(chosen?.dueDate ?? today, 1), today].sort().at(-1)}
              required
            />
          )}
        </form.AppField>
      ) : (
        <>
          <form.AppField name="amount">
            {(field) => (
              <field.MoneyField
                label={_(
                  action === "repayment" ? "operation.repaymentAmount" : "operation.waiverAmount",
                )}
                locale={i18n.locale}
                unit={currencyUnit(contract.currency, _)}
                required
              />
            )}
          </form.AppField>
          {owedNow > 0 && values.amount !== owedNow ? (
            <Button
              variant="ghost"
              className="money-fill"
              onClick={() => form.setFieldValue("amount", owedNow)}
            >
              {_("operation.fillOutstanding")}
            </Button>
          ) : null}
        </>
      )}
      {action === "repayment" ? (
        <form.AppField name="date">
          {(field) => (
            <field.DateField
              label={_("operation.receivedOn")}
              min={contract.loanDate}
              max={today}
              required
            />
          )}
        </form.AppField>
      ) : null}
      <form.AppField name="reason">
        {(field) => <field.TextField label={_("operation.reason")} maxLength={500} />}
      </form.AppField>
      {message ? <p className="page__error">{message}</p> : null}
    </Sheet>
  );
}

/** Reversing an entry: what is undone, why (required), behind a deliberate, red confirm. */
function ReversalSheet({
  entry,
  actionKey: pendingKey,
  onKey,
  contract,
  ledger,
  today,
  onClose,
  onDone,
}: {
  entry: LedgerTimelineEntry;
  /** The key of an earlier attempt to reverse this entry, or "" for a first one. */
  actionKey: string;
  onKey: (key: string) => void;
  contract: Contract;
  ledger: Ledger;
  today: CalendarDate;
  onClose: () => void;
  onDone: () => void;
}) {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const [actionKey] = useState(() => pendingKey || newActionKey());
  const reverse = useApiMutation("contract.reverse");
  const sending = reverse.isPending;
  const context = useMemo(
    () => operationContextOf(contract, ledger.entries as LedgerEntry[], today),
    [contract, ledger, today],
  );
  const request = useMemo(() => reversalRequestSchema(entry.id), [entry.id]);
  const { form, submit, message } = useDomainForm({
    defaultValues: { reason: "" },
    request,
    rules: ({ reason }) => reversalProblems(entry.id, reason, context),
    // Only the reason is the lender's to fix: anything about the entry is said under the button.
    fieldOf: (field) => (field === "reason" ? "reason" : null),
    onSubmit: async (fields) => {
      onKey(actionKey);
      await reverse.mutateAsync({ id: contract.id, idempotencyKey: actionKey, ...fields });
      toast.show(_("ledger.reverse.success"));
      onDone();
    },
  });
  const what: ReactNode = `${_(`ledger.kind.${entry.kind}`)} · ${_("money.instalment.title", {
    index: entry.instalmentIndex,
  })}${
    entry.amount !== null
      ? ` · ${formatMoney(entry.amount, contract.currency, { locale: i18n.locale })}`
      : entry.newDueDate
        ? ` · ${formatCalendarDate(entry.newDueDate, i18n.locale)}`
        : ""
  }`;

  return (
    <Sheet
      open
      onClose={() => {
        if (!sending) onClose();
      }}
      title={_("ledger.reverse")}
      description={what}
      onSubmit={submit}
      actions={
        <>
          <Button variant="secondary" size="lg" onClick={onClose} disabled={sending}>
            {_("common.close")}
          </Button>
          <Button type="submit" variant="danger" size="lg" loading={sending}>
            {_("ledger.reverse")}
          </Button>
        </>
      }
    >
      <p className="page__note">{_("ledger.reverse.confirm")}</p>
      <form.AppField name="reason">
        {(field) => <field.TextField label={_("ledger.reverse.reason")} maxLength={500} required />}
      </form.AppField>
      {message ? <p className="page__error">{message}</p> : null}
    </Sheet>
  );
}
