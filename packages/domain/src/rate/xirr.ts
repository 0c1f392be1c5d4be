import { type CalendarDate, toDayNumber } from "../dates";

export interface CashFlow {
  date: CalendarDate;
  /** Positive when the borrower receives money, negative when they pay. */
  amount: number;
}

/** Bisection halves the bracket; 400 halvings exhaust a double's precision many times over. */
const maxIterations = 400;
/** Search ln(1 + rate) in this range: rates from -99.99...% up to e^600, about 10^260. */
const maxLogGrowth = 600;
const gridSteps = 400;

/**
 * The effective annual rate of dated cash flows (XIRR, actual/365): the `r` for which
 * `sum(amount / (1 + r) ^ (days / 365)) = 0`, as a fraction (0.2 = 20%). Null when no rate
 * exists (e.g. all flows of one sign, or all on one day).
 *
 * The solver cannot hang or overflow: it solves for `x = ln(1 + r)` (so every growth factor is a
 * plain `exp`), brackets a sign change on a fixed grid, then bisects at most 400 times. When the
 * flows have several roots (unusual flows), it returns the one nearest to 0%.
 */
export function effectiveAnnualRate(flows: readonly CashFlow[]): number | null {
  const usable = flows.filter((flow) => Number.isFinite(flow.amount) && flow.amount !== 0);
  if (usable.length < 2) return null;
  const start = Math.min(...usable.map((flow) => toDayNumber(flow.date)));
  const terms = usable.map((flow) => ({
    years: (toDayNumber(flow.date) - start) / 365,
    amount: flow.amount,
  }));
  const longest = Math.max(...terms.map((term) => term.years));
  if (longest === 0) return null;
  // Keep every exp(-x * years) finite: |x * years| <= maxLogGrowth.
  const bound = maxLogGrowth / longest;
  const npv = (x: number) => {
    let sum = 0;
    for (const term of terms) sum += term.amount * Math.exp(-x * term.years);
    return sum;
  };

  const bracket = nearestBracket(npv, bound);
  if (!bracket) return null;
  let [low, high] = bracket;
  let fLow = npv(low);
  if (fLow === 0) return Math.expm1(low);
  for (let i = 0; i < maxIterations; i += 1) {
    const mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break;
    const fMid = npv(mid);
    if (fMid === 0) return Math.expm1(mid);
    if (Math.sign(fMid) === Math.sign(fLow)) {
      low = mid;
      fLow = fMid;
    } else {
      high = mid;
    }
  }
  return Math.expm1(low + (high - low) / 2);
}

/**
 * Grid points in [0, 1], dense near 0 and sparse near 1 (cubic spacing): fine near ordinary
 * rates, coarse for extreme ones. Scaled by the bound of each call.
 */
const gridFractions = Array.from({ length: gridSteps + 1 }, (_, i) => (i / gridSteps) ** 3);

/**
 * The sign-change interval of `f` on a grid over [-bound, bound] closest to 0: the grid is walked
 * outward from 0, both directions in step, so ordinary rates need a few dozen evaluations.
 */
function nearestBracket(f: (x: number) => number, bound: number): [number, number] | null {
  const atZero = f(0);
  if (atZero === 0) return [0, 0];
  let upX = 0;
  let upF = atZero;
  let downX = 0;
  let downF = atZero;
  for (let i = 1; i < gridFractions.length; i += 1) {
    const step = bound * (gridFractions[i] as number);
    const nextUpF = f(step);
    if (nextUpF === 0) return [step, step];
    if (Math.sign(nextUpF) !== Math.sign(upF)) return [upX, step];
    const nextDownF = f(-step);
    if (nextDownF === 0) return [-step, -step];
    if (Math.sign(nextDownF) !== Math.sign(downF)) return [-step, downX];
    upX = step;
    upF = nextUpF;
    downX = -step;
    downF = nextDownF;
  }
  return null;
}
