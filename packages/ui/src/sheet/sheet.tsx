import { type FormEvent, type ReactNode, useId } from "react";
import { classNames } from "../class-names";
import { Dialog } from "../dialog/dialog";
import { useUiText } from "../i18n/use-ui-text";

export interface SheetProps {
  /** Shows the sheet (a modal dialog sliding up from the bottom). */
  open: boolean;
  /** Close button, Escape, and a tap on the backdrop. */
  onClose: () => void;
  /** Names the task, e.g. 'record a repayment'. */
  title: ReactNode;
  /** A line under the title (e.g. which contract and instalment the action is for). */
  description?: ReactNode;
  /** The sheet's fields. */
  children: ReactNode;
  /** The buttons at the bottom, e.g. cancel + submit. */
  actions?: ReactNode;
  /** Makes the sheet a form: Enter in a field and the submit button call this. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
}

/**
 * A bottom sheet: a task that belongs to the page behind it (recording a repayment, a renewal)
 * slides up from the bottom edge, within a thumb's reach, over a dimmed page. It is a modal
 * dialog (focus stays inside, Escape and the backdrop close it) named by its title.
 */
export function Sheet({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  onSubmit,
  className,
}: SheetProps) {
  const t = useUiText();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description === undefined ? undefined : `${id}-description`;
  const body = (
    <>
      <div className="cy-sheet__body">{children}</div>
      {actions ? <div className="cy-sheet__actions">{actions}</div> : null}
    </>
  );
  return (
    <Dialog
      open={open}
      onDismiss={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      variant="sheet"
      className={classNames("cy-sheet", className)}
    >
      <div className="cy-sheet__grip" aria-hidden="true" />
      <header className="cy-sheet__header">
        <h2 className="cy-sheet__title" id={titleId}>
          {title}
        </h2>
        <button
          type="button"
          className="cy-sheet__close"
          aria-label={t("common.close")}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </header>
      {descriptionId ? (
        <p className="cy-sheet__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {onSubmit ? (
        <form
          className="cy-sheet__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
