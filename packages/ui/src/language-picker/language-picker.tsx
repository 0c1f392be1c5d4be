import { type LanguageOption, type Locale, languageOptions } from "@chayong/i18n/lazy";
import { type ReactNode, useId } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export interface LanguagePickerProps {
  /** The active language. */
  value: Locale;
  /** Called with the chosen language; the app switches and remembers it. */
  onChange: (locale: Locale) => void;
  /** Defaults to the product's languages: ko-KR (0) and zh-TW (1), each named in itself. */
  options?: ReadonlyArray<LanguageOption>;
  /** Heading of the group; defaults to the translated 'language'. */
  title?: ReactNode;
  className?: string;
}

/** The language choice (docs/service-button.md#what-it-opens): each language is written in its own script and tagged with lang. */
export function LanguagePicker({
  value,
  onChange,
  options = languageOptions,
  title,
  className,
}: LanguagePickerProps) {
  const t = useUiText();
  const name = useId();
  return (
    <fieldset className={classNames("cy-language-picker", className)}>
      <legend className="cy-language-picker__title">{title ?? t("language.title")}</legend>
      {options.map((option) => (
        <label
          key={option.label}
          className={classNames(
            "cy-language-picker__option",
            option.label === value && "cy-language-picker__option--selected",
          )}
        >
          <input
            type="radio"
            className="cy-language-picker__input"
            name={name}
            value={option.label}
            checked={option.label === value}
            onChange={() => onChange(option.label)}
          />
          <span className="cy-language-picker__name" lang={option.label}>
            {option.name}
          </span>
          <span className="cy-language-picker__check" aria-hidden="true" />
        </label>
      ))}
    </fieldset>
  );
}
