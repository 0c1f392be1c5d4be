import type { InputHTMLAttributes } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";

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
export function DateField({ value, onValueChange, ...props }: DateFieldProps) {
  const { field, control, controlProps } = useField(props);
  return (
    <Field {...field}>
      <input
        {...controlProps}
        {...control}
        type="date"
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className="cy-field__input cy-date-field__input"
      />
    </Field>
  );
}
