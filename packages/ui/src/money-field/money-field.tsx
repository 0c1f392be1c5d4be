import { type InputHTMLAttributes, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";
import {
  caretAfterDigits,
  digitsBefore,
  formatMoneyDigits,
  parseMoneyDigits,
} from "./money-digits";

export interface MoneyFieldProps
  extends FieldChromeProps,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      "className" | "type" | "value" | "defaultValue" | "onChange" | "inputMode" | "max"
    > {
  /** Integer amount in the currency's smallest unit (won, NT dollar), or null when empty. */
  value: number | null;
  /** Called with the new integer amount, or null when the field is cleared. */
  onValueChange: (value: number | null) => void;
  /** Largest accepted amount; longer input is refused (the value stays as it was). */
  max?: number;
  /** Locale of the thousands separators. */
  locale?: string;
  /** Unit shown after the number, e.g. "원" or "元". */
  unit?: ReactNode;
}

/**
 * Money entry: integer only, thousands separators while typing, numeric keypad on phones.
 * The value is never a float: the input is digits, the callback gets a safe integer or null.
 */
export function MoneyField({
  value,
  onValueChange,
  max,
  locale = "ko-KR",
  unit,
  ...props
}: MoneyFieldProps) {
  const { field, control, controlProps } = useField(props);
  const inputRef = useRef<HTMLInputElement>(null);
  // Caret to restore after React re-renders the re-formatted text (digits before it, not chars).
  const pendingCaretDigits = useRef<number | null>(null);
  const [, forceRender] = useState(0);
  const text = value === null ? "" : formatMoneyDigits(value, locale);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const digits = pendingCaretDigits.current;
    if (input && digits !== null && document.activeElement === input) {
      const caret = caretAfterDigits(input.value, digits);
      input.setSelectionRange(caret, caret);
    }
    pendingCaretDigits.current = null;
  });

  return (
    <Field {...field}>
      <input
        {...controlProps}
        {...control}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        className="cy-field__input cy-money-field__input"
        onChange={(event) => {
          const input = event.currentTarget;
          const parsed = parseMoneyDigits(input.value, max);
          if (parsed.kind === "too-large") {
            // Refuse the keystroke: re-render restores the previous text and caret.
            pendingCaretDigits.current = digitsBefore(text, text.length);
            forceRender((n) => n + 1);
            return;
          }
          pendingCaretDigits.current = digitsBefore(
            input.value,
            input.selectionStart ?? input.value.length,
          );
          onValueChange(parsed.kind === "empty" ? null : parsed.value);
          // A value that formats to the same text (e.g. a typed separator) still needs the caret fixed.
          forceRender((n) => n + 1);
        }}
      />
      {unit ? <span className="cy-field__affix">{unit}</span> : null}
    </Field>
  );
}
