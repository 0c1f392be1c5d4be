import type { ReactNode } from "react";
import { classNames } from "../class-names";
import type { FieldIds } from "./use-field";

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

export interface FieldProps extends FieldChromeProps {
  /** From `useField`, so the label, hint and error point at the same control. */
  ids: FieldIds;
  /** Extra class of the control row, the bordered box around the control and its affixes. */
  controlRowClassName?: string;
  /** The control (carrying `useField`'s control attributes) and what sits beside it in the box. */
  children: ReactNode;
}

/**
 * Label, hint and error around one form control. Shared by the kit's text, money, date and select
 * fields; `useField` gives it its props and the control the matching attributes.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  ids,
  controlRowClassName,
  children,
}: FieldProps) {
  return (
    <div className={classNames("cy-field", ids.invalid && "cy-field--invalid", className)}>
      <label className="cy-field__label" htmlFor={ids.controlId}>
        {label}
        {required ? (
          <span className="cy-field__required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      <div className={classNames("cy-field__control-row", controlRowClassName)}>{children}</div>
      {hint ? (
        <p className="cy-field__hint" id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="cy-field__error" id={ids.errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
