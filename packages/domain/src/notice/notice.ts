import * as v from "valibot";
import { addDays, type CalendarDate, calendarDateSchema, todayIn } from "../dates";
import { type Money, moneySchema } from "../money";

/**
 * What the borrower is told after signing (docs/notices.md): reminders around each due date,
 * and a receipt for every money event the lender records.
 */
export const reminderKinds = ["dueSoon", "dueToday", "overdue1", "overdue7"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export const noticeKinds = [...reminderKinds, "receipt"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** The day of each reminder, counted from the instalment's due date. */
export const reminderDayOffsets: Record<ReminderKind, number> = {
  dueSoon: -3,
  dueToday: 0,
  overdue1: 1,
  overdue7: 7,
};

/** Reminders go out from this hour of the day, in the contract's time zone. */
export const reminderHour = 10;

/** How many days before and after a due date reminders span: the window a scan reads. */
export const reminderWindowDays = {
  before: -Math.min(...Object.values(reminderDayOffsets)),
  after: Math.max(...Object.values(reminderDayOffsets)),
};

/** The local date and hour at the instant `now` in a time zone. */
export function localClockIn(timeZone: string, now: Date): { date: CalendarDate; hour: number } {
  let hours = hourFormatters.get(timeZone);
  if (hours === undefined) {
    hours = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" });
    hourFormatters.set(timeZone, hours);
  }
  return { date: todayIn(timeZone, now), hour: Number(hours.format(now)) };
}

// Building an Intl formatter costs far more than using one; keep one per time zone.
const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The reminder due at the instant `now` for an instalment due on `dueDate`, in the contract's time
 * zone, or null. A reminder belongs to its own day, from 10:00 until midnight: one missed (the
 * server was down all that day) is not sent late, when its words would no longer be true.
 */
export function reminderDueAt(
  dueDate: CalendarDate,
  timeZone: string,
  now: Date,
): ReminderKind | null {
  const { date, hour } = localClockIn(timeZone, now);
  if (hour < reminderHour) return null;
  return reminderKinds.find((kind) => addDays(dueDate, reminderDayOffsets[kind]) === date) ?? null;
}

/** The SMS category of a notice (the test SMS log names it): reminder, overdue or receipt. */
export function smsKindOf(kind: NoticeKind): "reminder" | "overdue" | "receipt" {
  if (kind === "receipt") return "receipt";
  return kind === "overdue1" || kind === "overdue7" ? "overdue" : "reminder";
}

/** Where a notice's SMS stands. */
export const noticeStates = ["waiting", "sent", "dropped", "failed"] as const;
export type NoticeState = (typeof noticeStates)[number];

/** A notice as the borrower and the lender read it. */
export interface Notice {
  id: string;
  contractId: string;
  /** The contract number people quote: `C-2026-000123`. */
  contractNumber: string;
  /** The contract's business time zone: its moments are shown in it (docs/screens.md, "Times"). */
  timeZone: string;
  kind: NoticeKind;
  /** The instalment it is about. */
  instalmentIndex: number | null;
  dueDate: CalendarDate | null;
  /** For a receipt: the money the event moved (null for a renewal). */
  amount: Money | null;
  /** What is still owed after it (receipts) or on that day (reminders). */
  outstandingAmount: Money;
  /** The text as sent, in the reader's language. */
  text: string;
  createdAt: string;
  /**
   * `waiting` (to be sent, or retrying), `sent`, `dropped` (reminders turned off, the instalment
   * settled, or its day over before it could go: docs/notices.md) or `failed` (every attempt).
   */
  state: NoticeState;
  /** When the SMS provider accepted it; null until then. */
  sentAt: string | null;
}

export const noticeSchema = v.object({
  id: v.string(),
  contractId: v.string(),
  contractNumber: v.string(),
  timeZone: v.string(),
  kind: v.picklist(noticeKinds),
  instalmentIndex: v.nullable(v.number()),
  dueDate: v.nullable(calendarDateSchema),
  amount: v.nullable(moneySchema),
  outstandingAmount: moneySchema,
  text: v.string(),
  createdAt: v.string(),
  state: v.picklist(noticeStates),
  sentAt: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, Notice>;
