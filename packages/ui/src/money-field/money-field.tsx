import { type InputHTMLAttributes, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";
import { useUiText } from "../i18n/use-ui-text";
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
  /** Replaces the built-in notes of a refused keystroke. */
  labels?: MoneyFieldLabels;
}

export interface MoneyFieldLabels {
  /** A letter or a sign was typed: only digits are taken. */
  digitsOnly?: ReactNode;
  /** The amount would pass `max`. */
  tooLarge?: ReactNode;
}

type Refusal = "digitsOnly" | "tooLarge";

/** What a person may type besides digits without being told: the separators the field writes. */
const notDigitOrSeparator = /[^\d\s,.，．]/;

/**
 * Money entry: integer only, thousands separators while typing, numeric keypad on phones.
 * The value is never a float: the input is digits, the callback gets a safe integer or null.
 * A keystroke it cannot take (a letter, an amount over `max`) changes nothing and says why under
 * the field until the next one it takes, so nothing vanishes unexplained.
 */
export function MoneyField({
  value,
  onValueChange,
  max,
  locale = "ko-KR",
  unit,
  labels = {},
  hint,
  ...props
}: MoneyFieldProps) {
  const t = useUiText();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalNote =
    refusal === "digitsOnly"
      ? (labels.digitsOnly ?? t("field.amount.digitsOnly"))
      : refusal === "tooLarge"
        ? (labels.tooLarge ??
          t("field.amount.tooLarge", {
            max: formatMoneyDigits(max ?? Number.MAX_SAFE_INTEGER, locale),
          }))
        : null;
  const { field, control, controlProps } = useField({
    ...props,
    // The note of a refused keystroke stands in the hint's place, announced, until the next one.
    hint: refusalNote ? <span role="status">{refusalNote}</span> : hint,
  });
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
        onBlur={(event) => {
          setRefusal(null);
          controlProps.onBlur?.(event);
        }}
        onChange={(event) => {
          const input = event.currentTarget;
          const parsed = parseMoneyDigits(input.value, max);
          if (parsed.kind === "too-large") {
            // Refuse the keystroke: re-render restores the previous text and caret.
            pendingCaretDigits.current = digitsBefore(text, text.length);
            setRefusal("tooLarge");
            forceRender((n) => n + 1);
            return;
          }
          setRefusal(notDigitOrSeparator.test(input.value) ? "digitsOnly" : null);
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
