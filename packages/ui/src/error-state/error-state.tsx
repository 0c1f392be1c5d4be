import type { ReactNode } from "react";
import { Button } from "../button/button";
import { classNames } from "../class-names";

export interface ErrorStateProps {
  /** What went wrong, e.g. 'network request timed out'. */
  title: ReactNode;
  /** What the reader can do about it. */
  description?: ReactNode;
  /** The retry button's text; without `onRetry` there is no button. */
  retryLabel?: ReactNode;
  onRetry?: () => void;
  /** The retry is running: the button shows a spinner and cannot be pressed again. */
  retrying?: boolean;
  className?: string;
}

/**
 * The placeholder of a list or page that could not load. Never the empty state: "nothing here"
 * and "could not ask" are different answers, and only this one offers to try again.
 */
export function ErrorState({
  title,
  description,
  retryLabel,
  onRetry,
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <section className={classNames("cy-error-state", className)} role="alert">
      <span className="cy-error-state__art" aria-hidden="true" />
      <p className="cy-error-state__title">{title}</p>
      {description ? <p className="cy-error-state__description">{description}</p> : null}
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </section>
  );
}
