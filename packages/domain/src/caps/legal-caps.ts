import type { CalendarDate } from "../dates";
import type { Jurisdiction } from "../jurisdiction";

export interface LegalCap {
  jurisdiction: Jurisdiction;
  /** The maximum effective annual rate, in percent per year. */
  ratePercent: number;
  /** The first day the cap applies to contracts. */
  since: CalendarDate;
  source: string;
}

/**
 * The maximum interest rates, dated (docs/cost-of-credit.md#legal-caps): the one place this data lives. Add a row when
 * a law changes; older rows keep deciding older dates. Fees and up-front deductions count as
 * interest in both places (KR Interest Limitation Act Art. 3-4; TW Civil Code Art. 206).
 */
export const legalCaps: readonly LegalCap[] = [
  {
    jurisdiction: "KR",
    ratePercent: 24,
    since: "2018-02-08",
    source: "Interest Limitation Act Art. 2(1); Enforcement Decree as amended 2018-02-08 (24%)",
  },
  {
    jurisdiction: "KR",
    ratePercent: 20,
    since: "2021-07-07",
    source: "Interest Limitation Act Art. 2(1); Enforcement Decree as amended 2021-07-07 (20%)",
  },
  {
    jurisdiction: "TW",
    ratePercent: 20,
    since: "1930-05-05",
    source: "Civil Code Art. 205 before the 2021 amendment (20%)",
  },
  {
    jurisdiction: "TW",
    ratePercent: 16,
    since: "2021-07-20",
    source: "Civil Code Art. 205 as amended 2021-01-20, in force 2021-07-20 (16%)",
  },
];

/**
 * The cap in force in a jurisdiction on a date: the latest row whose `since` is not after it.
 * Before the first row, the earliest known cap applies.
 */
export function legalCapFor(jurisdiction: Jurisdiction, on: CalendarDate): LegalCap {
  const rows = legalCaps
    .filter((cap) => cap.jurisdiction === jurisdiction)
    .sort((a, b) => (a.since < b.since ? -1 : 1));
  let current = rows[0];
  for (const row of rows) if (row.since <= on) current = row;
  if (!current) throw new Error(`legalCaps has no row for ${jurisdiction}`);
  return current;
}

/**
 * Rates are compared with this tolerance (as a fraction, i.e. 1e-7 percentage points) so a
 * contract at exactly the cap, whose computed rate carries floating-point noise, passes.
 */
export const rateTolerance = 1e-9;

export type CapCheck =
  | { allowed: true; ratePercent: number; cap: LegalCap }
  | { allowed: false; ratePercent: number; cap: LegalCap };

/** Whether a rate in percent per year is within the cap in force on `on`. */
export function checkLegalCap(
  ratePercent: number,
  jurisdiction: Jurisdiction,
  on: CalendarDate,
): CapCheck {
  const cap = legalCapFor(jurisdiction, on);
  const allowed = ratePercent / 100 <= cap.ratePercent / 100 + rateTolerance;
  return { allowed, ratePercent, cap };
}

/**
 * A refused rate as people read it: two decimals, rounded to nearest like every other rate the
 * product shows (so the preview and the refusal name the same figure), except that a rate just
 * above the cap never reads as equal to it: it shows as the first two-decimal value above the cap
 * ("20.01% is above the 20% cap", not "20% is above 20%").
 */
export function displayRefusedRate(ratePercent: number, capPercent: number): number {
  const rounded = Math.round(ratePercent * 100) / 100;
  return rounded > capPercent ? rounded : (Math.round(capPercent * 100) + 1) / 100;
}
