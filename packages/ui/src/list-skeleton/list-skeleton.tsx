import { classNames } from "../class-names";

export interface ListSkeletonProps {
  /** How many placeholder cards. */
  count?: number;
  /** Announced to screen readers, e.g. 'loading'. */
  label: string;
  className?: string;
}

/** Grey cards in the place of a list's rows while its first page loads. */
export function ListSkeleton({ count = 3, label, className }: ListSkeletonProps) {
  return (
    <div className={classNames("cy-list-skeleton", className)} role="status" aria-label={label}>
      {/* Identical placeholders that never reorder: their number is their identity. */}
      {Array.from({ length: count }, (_unused, index) => `card-${index}`).map((card) => (
        <div key={card} className="cy-list-skeleton__card" aria-hidden="true">
          <span className="cy-list-skeleton__line cy-list-skeleton__line--title" />
          <span className="cy-list-skeleton__line" />
          <span className="cy-list-skeleton__line cy-list-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
