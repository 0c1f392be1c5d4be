import type { ReactNode } from "react";
import { classNames } from "../class-names";

export interface StatCardProps {
  /** What the figure is, e.g. 'disbursed today'. */
  label: ReactNode;
  /** The figure: a number, or a MoneyText. */
  value: ReactNode;
  /** A second line, e.g. the split single / instalment, or the window ('7 days'). */
  caption?: ReactNode;
  /** Colours the value: `danger` for overdue figures, `success` for repaid. */
  tone?: "neutral" | "success" | "danger";
  /** Shows a placeholder while the figure loads. */
  loading?: boolean;
  className?: string;
}

/** One statistic on the lender's dashboard ('me'). */
export function StatCard({
  label,
  value,
  caption,
  tone = "neutral",
  loading = false,
  className,
}: StatCardProps) {
  return (
    <div
      className={classNames("cy-stat-card", `cy-stat-card--${tone}`, className)}
      aria-busy={loading || undefined}
    >
      <p className="cy-stat-card__label">{label}</p>
      <p className="cy-stat-card__value">
        {loading ? <span className="cy-stat-card__skeleton" aria-hidden="true" /> : value}
      </p>
      {caption ? <p className="cy-stat-card__caption">{caption}</p> : null}
    </div>
  );
}
