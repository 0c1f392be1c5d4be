import type { InputHTMLAttributes, ReactNode } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";

export interface TextFieldProps
  extends FieldChromeProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "size"> {
  /** Text shown inside the box after the value (a unit such as "%"). */
  suffix?: ReactNode;
}

export function TextField({ suffix, type = "text", ...props }: TextFieldProps) {
  const { field, control, controlProps } = useField(props);
  return (
    <Field {...field}>
      <input {...controlProps} {...control} type={type} className="cy-field__input" />
      {suffix ? <span className="cy-field__affix">{suffix}</span> : null}
    </Field>
  );
}
