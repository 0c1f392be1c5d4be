import { type ReactNode, useId } from "react";
import { classNames } from "../class-names";

export interface SegmentedOption<Value extends string = string> {
  value: Value;
  label: ReactNode;
  disabled?: boolean;
}

export interface SegmentedControlProps<Value extends string = string> {
  /** Names the group for screen readers (shown as a legend unless `hideLabel`). */
  label: ReactNode;
  /** Keeps the label for screen readers only (when the page already says what the choice is). */
  hideLabel?: boolean;
  /** Two to four options, shown side by side. */
  options: ReadonlyArray<SegmentedOption<Value>>;
  /** The chosen option's value (controlled). */
  value: Value;
  /** Called with the newly chosen value. */
  onValueChange: (value: Value) => void;
  /** Form field name; generated when omitted. */
  name?: string;
  className?: string;
}

/**
 * A choice among 2-4 short options shown side by side (e.g. all / single-period / instalment).
 * Built on native radio buttons: arrow keys, form submission and screen readers work as usual.
 */
export function SegmentedControl<Value extends string = string>({
  label,
  hideLabel = false,
  options,
  value,
  onValueChange,
  name,
  className,
}: SegmentedControlProps<Value>) {
  const generatedName = useId();
  const groupName = name ?? `cy-segmented-${generatedName}`;
  return (
    <fieldset className={classNames("cy-segmented", className)}>
      <legend className={hideLabel ? "cy-visually-hidden" : "cy-segmented__legend"}>{label}</legend>
      <div className="cy-segmented__track">
        {options.map((option) => (
          <label
            key={option.value}
            className={classNames(
              "cy-segmented__option",
              option.value === value && "cy-segmented__option--selected",
              option.disabled && "cy-segmented__option--disabled",
            )}
          >
            <input
              type="radio"
              className="cy-segmented__input"
              name={groupName}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onValueChange(option.value)}
            />
            <span className="cy-segmented__text">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
