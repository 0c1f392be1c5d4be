import type { ReactNode } from "react";
import { classNames } from "../class-names";

export interface EmptyStateProps {
  /** What is missing, e.g. 'no related contract info'. */
  title: ReactNode;
  /** One line on why it is empty or what to do. */
  description?: ReactNode;
  /** Decorative picture; hidden from screen readers. */
  illustration?: ReactNode;
  /** A next step, usually a Button. */
  action?: ReactNode;
  className?: string;
}

/** The placeholder of an empty list or a lookup that found nothing. */
export function EmptyState({
  title,
  description,
  illustration,
  action,
  className,
}: EmptyStateProps) {
  return (
    <section className={classNames("cy-empty-state", className)}>
      <div className="cy-empty-state__illustration" aria-hidden="true">
        {illustration ?? <span className="cy-empty-state__default-art" />}
      </div>
      <p className="cy-empty-state__title">{title}</p>
      {description ? <p className="cy-empty-state__description">{description}</p> : null}
      {action ? <div className="cy-empty-state__action">{action}</div> : null}
    </section>
  );
}
