import { type ReactNode, useId } from "react";
import { classNames } from "../class-names";

export interface FieldChromeProps {
  /** Visible label; always rendered (placeholders are not labels). */
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error message; marks the control invalid and is announced. */
  error?: ReactNode;
  /** Marks the field as required (shows a mark; the control gets `required`). */
  required?: boolean;
  className?: string;
}

export interface FieldIds {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * Label, hint and error around one form control, wired with ids so screen readers read the label,
 * the hint and the error with the control. Shared by the kit's text, money, date and select fields.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  id,
  children,
}: FieldChromeProps & { id?: string; children: (ids: FieldIds) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? `cy-field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error);
  return (
    <div className={classNames("cy-field", invalid && "cy-field--invalid", className)}>
      <label className="cy-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="cy-field__required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {children({ controlId, describedBy, invalid })}
      {hint ? (
        <p className="cy-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="cy-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
