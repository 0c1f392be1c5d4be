import type { InputHTMLAttributes } from "react";
import { Field, type FieldChromeProps } from "../field/field";

export interface DateFieldProps
  extends FieldChromeProps,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      "className" | "type" | "value" | "onChange" | "min" | "max"
    > {
  /** Calendar date `YYYY-MM-DD`, or "" when none is chosen. */
  value: string;
  /** Called with the new `YYYY-MM-DD` (or "" when cleared). */
  onValueChange: (value: string) => void;
  /** Earliest allowed date, `YYYY-MM-DD`. */
  min?: string;
  /** Latest allowed date, `YYYY-MM-DD`. */
  max?: string;
}

/** A calendar date with the platform's native date picker (the best one on phones). */
export function DateField({
  label,
  hint,
  error,
  required,
  className,
  id,
  value,
  onValueChange,
  ...inputProps
}: DateFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      id={id}
    >
      {({ controlId, describedBy, invalid }) => (
        <div className="cy-field__control-row">
          <input
            {...inputProps}
            id={controlId}
            type="date"
            value={value}
            required={required}
            onChange={(event) => onValueChange(event.currentTarget.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="cy-field__input cy-date-field__input"
          />
        </div>
      )}
    </Field>
  );
}
