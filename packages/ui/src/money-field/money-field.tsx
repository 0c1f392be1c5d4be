import { type InputHTMLAttributes, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Field, type FieldChromeProps } from "../field/field";
import { useField } from "../field/use-field";
import { useUiText } from "../i18n/use-ui-text";
import {
  allDigitsOf,
  caretAfterDigits,
  digitsBefore,
  formatMoneyDigits,
  groupSeparatorOf,
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
  /** A letter, a sign or a decimal point was typed: only digits are taken. */
  digitsOnly?: ReactNode;
  /** The amount would pass the largest the field takes (`max`, or the largest safe integer). */
  tooLarge?: ReactNode;
}

type Refusal = "digitsOnly" | "tooLarge";

/** Whether `text` holds a character other than a digit, a space or the separators the field writes. */
function hasForeignCharacter(text: string, locale: string): boolean {
  const separator = groupSeparatorOf(locale);
  return [...text].some((char) => !/[\d\s，]/.test(char) && char !== separator);
}

/**
 * Money entry: integer only, thousands separators while typing, numeric keypad on phones.
 * The value is never a float: the input is digits, the callback gets a safe integer or null.
 * A keystroke that adds no digit (a letter, a decimal point) or passes the largest amount changes
 * nothing; a paste keeps its integer part. Either way the field says what it did not take, below
 * it, until the next change it takes in full or until it loses focus: nothing vanishes unexplained.
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
          (max === undefined
            ? t("field.amount.tooLarge")
            : t("field.amount.overMax", { max: formatMoneyDigits(max, locale) })))
        : null;
  // The note shows in the hint's place; a live region that is always there reads it out (one
  // added together with its text is often not announced).
  const { field, control, controlProps } = useField({ ...props, hint: refusalNote ?? hint });
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
          const previousDigits = value === null ? "" : String(value);
          const typedDigits = allDigitsOf(input.value);
          const foreign = hasForeignCharacter(input.value, locale);
          const parsed = parseMoneyDigits(input.value, max);
          // Where the caret stands, in digits: kept there whether the keystroke is taken or not.
          const caretDigits = digitsBefore(input.value, input.selectionStart ?? input.value.length);
          // Refuse the keystroke: re-render restores the previous text, the caret at `caretAt`.
          const refuse = (why: Refusal, caretAt: number) => {
            pendingCaretDigits.current = caretAt;
            setRefusal(why);
            forceRender((n) => n + 1);
          };
          if (parsed.kind === "too-large") {
            refuse("tooLarge", digitsBefore(text, text.length));
            return;
          }
          if (foreign && typedDigits === previousDigits) {
            refuse("digitsOnly", caretDigits);
            return;
          }
          const kept = parsed.kind === "empty" ? "" : String(parsed.value);
          // A paste's part after a decimal point is dropped: say so.
          setRefusal(kept === typedDigits ? null : "digitsOnly");
          pendingCaretDigits.current = caretDigits;
          onValueChange(parsed.kind === "empty" ? null : parsed.value);
          // A value that formats to the same text (e.g. a typed separator) still needs the caret fixed.
          forceRender((n) => n + 1);
        }}
      />
      {unit ? <span className="cy-field__affix">{unit}</span> : null}
      <span className="cy-visually-hidden" role="status">
        {refusalNote}
      </span>
    </Field>
  );
}
