import type { TextareaHTMLAttributes } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";

export interface TextAreaProps
  extends FieldChromeProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> {}

/**
 * A text input that grows with what is typed (an address, a reason): nothing is cut off at the
 * box's edge, as in a one-line field, on a 360 px phone. Enter still breaks a line.
 */
export function TextArea({ rows = 2, ...props }: TextAreaProps) {
  const { field, control, controlProps } = useField(props);
  return (
    <Field {...field}>
      <textarea
        {...controlProps}
        {...control}
        rows={rows}
        className="cy-field__input cy-text-area"
      />
    </Field>
  );
}
