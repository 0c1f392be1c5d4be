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

  const bracket = nearestBracket(npv, -bound, bound);
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

/** The sign-change interval of `f` on a grid over [from, to] closest to 0. */
function nearestBracket(
  f: (x: number) => number,
  from: number,
  to: number,
): [number, number] | null {
  // Grid points spread symmetrically from 0 with growing steps: fine near ordinary rates,
  // coarse for extreme ones.
  const points = new Set<number>([0]);
  for (let i = 1; i <= gridSteps; i += 1) {
    const x = to * (i / gridSteps) ** 3;
    points.add(x);
    points.add(-x);
  }
  const xs = [...points].filter((x) => x >= from && x <= to).sort((a, b) => a - b);
  let best: [number, number] | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let previousX = xs[0] as number;
  let previousF = f(previousX);
  if (previousF === 0) return [previousX, previousX];
  for (const x of xs.slice(1)) {
    const fx = f(x);
    if (fx === 0 || Math.sign(fx) !== Math.sign(previousF)) {
      const distance = Math.min(Math.abs(previousX), Math.abs(x));
      if (distance < bestDistance) {
        bestDistance = distance;
        best = fx === 0 ? [x, x] : [previousX, x];
      }
    }
    previousX = x;
    previousF = fx;
  }
  return best;
}
