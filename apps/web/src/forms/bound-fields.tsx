import {
  type CheckboxProps,
  type DateFieldProps,
  Checkbox as KitCheckbox,
  DateField as KitDateField,
  MoneyField as KitMoneyField,
  SegmentedControl as KitSegmentedControl,
  Select as KitSelect,
  TextArea as KitTextArea,
  TextField as KitTextField,
  type MoneyFieldProps,
  type SegmentedControlProps,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import type { ReactNode } from "react";
import { useFieldContext } from "./form-context";
import { type FieldProblem, isFieldProblem, problemText } from "./form-problems";

/**
 * The kit's fields bound to a TanStack Form field (`<form.AppField name>{(field) =>
 * <field.TextField label=… />}`): the value and its changes, blur, the control's `name` (the
 * field's path: src/forms/focus-first-invalid.ts finds it by it), and the field's problem in the
 * person's language with `aria-invalid`. A problem of the domain's rules shows once the person
 * has left the field or tried to submit; the server's word shows at once, until the field changes.
 */

/** Props the binding provides: what remains is what the page says about the field. */
type Bound = "name" | "value" | "onChange" | "onValueChange" | "onBlur" | "error";

/** The field's problem as shown, or undefined while there is none to show yet. */
export function useShownProblem(): string | undefined {
  const field = useFieldContext<unknown>();
  const { _ } = useLingui();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const { errorMap, errors, isBlurred } = field.state.meta;
  const fromServer = isFieldProblem(errorMap.onServer) ? errorMap.onServer : undefined;
  const ours = errors.find(
    (error): error is FieldProblem => isFieldProblem(error) && !("saidElsewhere" in error),
  );
  const problem = fromServer ?? (isBlurred || submitted ? ours : undefined);
  return problem ? problemText(problem, _) : undefined;
}

export interface BoundTextFieldProps extends Omit<TextFieldProps, Bound> {
  /** What the field keeps of what is typed (e.g. digits only). */
  filter?: (typed: string) => string;
}

/**
 * A field stops taking characters at its limit (the browser's maxLength): said there, in the
 * hint's place, so a name cut short is not cut in silence.
 */
function useLimitHint(value: string, maxLength: number | undefined, hint: ReactNode) {
  const { _ } = useLingui();
  return maxLength !== undefined && value.length >= maxLength
    ? _("field.text.atLimit", { max: maxLength })
    : hint;
}

export function TextField({ filter, ...props }: BoundTextFieldProps) {
  const field = useFieldContext<string>();
  const problem = useShownProblem();
  const hint = useLimitHint(field.state.value, props.maxLength, props.hint);
  return (
    <KitTextField
      {...props}
      hint={hint}
      name={field.name}
      value={field.state.value}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        field.handleChange(filter ? filter(typed) : typed);
      }}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

/** A text that may run past one line (an address): it grows rather than cut the text off. */
export function TextArea(props: Omit<TextAreaProps, Bound>) {
  const field = useFieldContext<string>();
  const problem = useShownProblem();
  const hint = useLimitHint(field.state.value, props.maxLength, props.hint);
  return (
    <KitTextArea
      {...props}
      hint={hint}
      name={field.name}
      value={field.state.value}
      onChange={(event) => field.handleChange(event.currentTarget.value)}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

export function MoneyField(props: Omit<MoneyFieldProps, Bound>) {
  const field = useFieldContext<number | null>();
  const problem = useShownProblem();
  return (
    <KitMoneyField
      {...props}
      name={field.name}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

export function DateField(props: Omit<DateFieldProps, Bound>) {
  const field = useFieldContext<string>();
  const problem = useShownProblem();
  return (
    <KitDateField
      {...props}
      name={field.name}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

/** A choice of a select or segmented control: the field's value it stands for (a string, number or boolean). */
export interface ChoiceOption<T> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** The kit's options (string values) for the choices, and the choice a kit value stands for. */
function choicesOf<T>(options: ReadonlyArray<ChoiceOption<T>>) {
  return {
    kitOptions: options.map((option) => ({ ...option, value: String(option.value) })),
    chosen: (value: string) => options.find((option) => String(option.value) === value),
  };
}

export interface BoundSelectProps<T extends string | number>
  extends Omit<SelectProps, Bound | "options"> {
  options: ReadonlyArray<ChoiceOption<T>>;
}

/** A choice from a list, for a field holding the chosen value (or null / "" for none). */
export function Select<T extends string | number>({ options, ...props }: BoundSelectProps<T>) {
  const field = useFieldContext<T | null>();
  const problem = useShownProblem();
  const { kitOptions, chosen } = choicesOf(options);
  const value = field.state.value;
  return (
    <KitSelect
      {...props}
      options={kitOptions}
      name={field.name}
      value={value === null || value === undefined ? "" : String(value)}
      onValueChange={(next) => {
        const option = chosen(next);
        if (option) field.handleChange(option.value);
      }}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

export interface BoundSegmentedControlProps<T extends string | boolean>
  extends Omit<SegmentedControlProps, Bound | "options"> {
  options: ReadonlyArray<ChoiceOption<T>>;
}

/** A choice among a few options side by side; its problem, if any, under it. */
export function SegmentedControl<T extends string | boolean>({
  options,
  ...props
}: BoundSegmentedControlProps<T>) {
  const field = useFieldContext<T>();
  const problem = useShownProblem();
  const { kitOptions, chosen } = choicesOf(options);
  return (
    <>
      <KitSegmentedControl
        {...props}
        options={kitOptions}
        name={field.name}
        value={String(field.state.value)}
        onValueChange={(next) => {
          const option = chosen(next);
          if (option) field.handleChange(option.value);
        }}
      />
      {problem ? <p className="page__error">{problem}</p> : null}
    </>
  );
}

export function Checkbox(props: Omit<CheckboxProps, Bound | "checked" | "onCheckedChange">) {
  const field = useFieldContext<boolean>();
  const problem = useShownProblem();
  return (
    <KitCheckbox
      {...props}
      name={field.name}
      checked={field.state.value}
      onCheckedChange={field.handleChange}
      onBlur={field.handleBlur}
      error={problem}
    />
  );
}

/**
 * A problem about a group of fields (e.g. 'exactly two contacts'), bound to the group's path:
 * said where the group is, once a submit was tried.
 */
export function Problem() {
  const problem = useShownProblem();
  return problem ? (
    <p className="page__error" role="alert">
      {problem}
    </p>
  ) : null;
}
