import type { SelectHTMLAttributes } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<Value extends string = string>
  extends FieldChromeProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "className" | "value" | "onChange" | "multiple"> {
  /** The choices, in the order shown. */
  options: ReadonlyArray<SelectOption<Value>>;
  /** The chosen value, or "" for none (shows the placeholder). */
  value: Value | "";
  /** Called with the newly chosen value. */
  onValueChange: (value: Value) => void;
  /** First, unselectable entry shown while nothing is chosen ("please select"). */
  placeholder?: string;
}

/** A single choice from a list, with the platform's native picker (wheel / sheet on phones). */
export function Select<Value extends string = string>({
  options,
  value,
  onValueChange,
  placeholder,
  ...props
}: SelectProps<Value>) {
  const { field, control, controlProps } = useField(props);
  return (
    <Field {...field} controlRowClassName="cy-select">
      <select
        {...controlProps}
        {...control}
        value={value}
        className="cy-field__input cy-select__control"
        onChange={(event) => onValueChange(event.currentTarget.value as Value)}
      >
        {placeholder !== undefined || value === "" ? (
          <option value="" disabled>
            {placeholder ?? ""}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="cy-select__chevron" aria-hidden="true" />
    </Field>
  );
}
