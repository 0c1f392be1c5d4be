import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { classNames } from "../class-names";

export interface CheckboxProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "onChange" | "checked" | "className"
  > {
  /** What the person agrees to or turns on; a full sentence for consents. */
  label: ReactNode;
  /** Whether it is ticked (controlled). */
  checked: boolean;
  /** Called with the new state when the person ticks or unticks it. */
  onCheckedChange: (checked: boolean) => void;
  /** Extra explanation under the label (e.g. a consent's details). */
  description?: ReactNode;
  /** Error message under it (e.g. a required consent); marks it invalid and is announced. */
  error?: ReactNode;
  className?: string;
}

/** A native checkbox whose whole row (label included) is the touch target. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  description,
  error,
  className,
  id,
  ...inputProps
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `cy-checkbox-${generatedId}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={classNames("cy-checkbox", className)}>
      <label className="cy-checkbox__row" htmlFor={inputId}>
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          className="cy-checkbox__input"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        />
        <span className="cy-checkbox__label">{label}</span>
      </label>
      {description ? (
        <p className="cy-checkbox__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p className="cy-checkbox__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
