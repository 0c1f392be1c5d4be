import type { CalendarDate, Currency, LedgerEntryKind, Money } from "@chayong/domain";
import { formatCalendarDate, formatInstant } from "@chayong/i18n/lazy";
import { classNames } from "../class-names";
import { useUiLocale, useUiText } from "../i18n/use-ui-text";
import { formatMoney } from "../money-text/money-text";

/** One ledger entry as a contract's ledger answer carries it. */
export interface LedgerTimelineEntry {
  id: string;
  /** Repayment, waiver, renewal or reversal. */
  kind: LedgerEntryKind;
  /** The instalment it applies to, from 1. */
  instalmentIndex: number;
  /** In the currency's smallest unit; null for renewals. */
  amount: Money | null;
  /** The day it takes effect (the day a repayment was received). */
  date: CalendarDate;
  /** A renewal's new due date; null for other kinds. */
  newDueDate: CalendarDate | null;
  /** For a reversal: the entry it undoes. */
  reversesEntryId: string | null;
  /** The later reversal that undid this entry, if any. */
  reversedByEntryId: string | null;
  /** Who wrote it, as people know them. */
  actorName: string;
  /** ISO instant it was written. */
  recordedAt: string;
  /** Why, as written by the person who recorded it. */
  reason: string | null;
}

export interface LedgerTimelineProps {
  /** Oldest first, as the ledger is written; shown newest first. */
  entries: readonly LedgerTimelineEntry[];
  /** Currency of every amount. */
  currency: Currency;
  /** Locale of amounts (the currency's home locale by default) and dates (the app's by default). */
  locale?: string;
  /** Time zone the times are shown in (the lender's business time zone). */
  timeZone?: string;
  /** Offers "reverse" on every entry that can still be reversed; absent: read-only. */
  onReverse?: (entry: LedgerTimelineEntry) => void;
  className?: string;
}

const homeLocale: Record<Currency, string> = { KRW: "ko-KR", TWD: "zh-TW" };

/**
 * A contract's ledger as a timeline, newest first: what happened to which instalment, how much,
 * who recorded it, when (in the lender's local time) and why. An entry a reversal undid is
 * struck through and says so; the reversal names what it undid.
 */
export function LedgerTimeline({
  entries,
  currency,
  locale,
  timeZone,
  onReverse,
  className,
}: LedgerTimelineProps) {
  const t = useUiText();
  const appLocale = useUiLocale();
  const shownLocale = locale ?? homeLocale[currency];
  const dateLocale = locale ?? appLocale;
  const day = (date: CalendarDate) => formatCalendarDate(date, dateLocale);
  const money = (amount: number) => formatMoney(amount, currency, { locale: shownLocale });
  const kindLabel = (kind: LedgerEntryKind) => t(`ledger.kind.${kind}`);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const detailOf = (entry: LedgerTimelineEntry): string =>
    entry.kind === "renewal" && entry.newDueDate !== null
      ? `→ ${day(entry.newDueDate)}`
      : entry.amount !== null
        ? money(entry.amount)
        : "";

  return (
    <ol className={classNames("cy-ledger", className)}>
      {[...entries].reverse().map((entry) => {
        const reversed = entry.reversedByEntryId !== null;
        const target = entry.reversesEntryId ? byId.get(entry.reversesEntryId) : undefined;
        return (
          <li
            key={entry.id}
            className={classNames(
              "cy-ledger__entry",
              `cy-ledger__entry--${entry.kind}`,
              reversed && "cy-ledger__entry--reversed",
            )}
          >
            <div className="cy-ledger__line">
              <span className="cy-ledger__what">
                <span className="cy-ledger__kind">{kindLabel(entry.kind)}</span>
                <span className="cy-ledger__instalment">
                  {t("money.instalment.title", { index: entry.instalmentIndex })}
                </span>
              </span>
              {entry.kind === "reversal" ? null : (
                <span className="cy-ledger__detail">{detailOf(entry)}</span>
              )}
            </div>
            {reversed ? <span className="cy-ledger__badge">{t("ledger.reversed")}</span> : null}
            {target ? (
              <p className="cy-ledger__meta">
                {t("ledger.reverses", { kind: kindLabel(target.kind), detail: detailOf(target) })}
              </p>
            ) : null}
            {entry.kind === "repayment" ? (
              <p className="cy-ledger__meta">{t("ledger.receivedOn", { date: day(entry.date) })}</p>
            ) : null}
            {entry.kind === "renewal" && entry.newDueDate !== null ? (
              <p className="cy-ledger__meta">
                {t("ledger.renewedTo", { date: day(entry.newDueDate) })}
              </p>
            ) : null}
            <p className="cy-ledger__meta">
              {t("ledger.recordedBy", {
                name: entry.actorName,
                time: formatInstant(entry.recordedAt, dateLocale, timeZone ? { timeZone } : {}),
              })}
            </p>
            {entry.reason ? (
              <p className="cy-ledger__reason">{t("ledger.reason", { reason: entry.reason })}</p>
            ) : null}
            {onReverse && entry.kind !== "reversal" && !reversed ? (
              <button type="button" className="cy-ledger__reverse" onClick={() => onReverse(entry)}>
                {t("ledger.reverse")}
              </button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
