import type { InputHTMLAttributes, ReactNode } from "react";
import { Field, type FieldChromeProps } from "../field/field";

export interface TextFieldProps
  extends FieldChromeProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "size"> {
  /** Text shown inside the box after the value (a unit such as "%"). */
  suffix?: ReactNode;
}

export function TextField({
  label,
  hint,
  error,
  required,
  className,
  id,
  suffix,
  type = "text",
  ...inputProps
}: TextFieldProps) {
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
            type={type}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="cy-field__input"
          />
          {suffix ? <span className="cy-field__affix">{suffix}</span> : null}
        </div>
      )}
    </Field>
  );
}
