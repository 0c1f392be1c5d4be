import { useId } from "react";
import type { FieldChromeProps, FieldProps } from "./field";

/** The ids that tie a control to its label, hint and error. */
export interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** The hint's and the error's ids, for `aria-describedby`; undefined when neither is shown. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** Attributes for the field's control (input or select), spread after the caller's own props. */
export interface FieldControlAttributes {
  id: string;
  required: boolean | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The ids of a field: the caller's `id` for the control, or a generated one. */
export function useFieldIds(
  id: string | undefined,
  { hint, error }: Pick<FieldChromeProps, "hint" | "error">,
): FieldIds {
  const generatedId = useId();
  const controlId = id ?? `cy-field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined,
    invalid: Boolean(error),
  };
}

/**
 * Splits a field component's props into what `<Field>` shows (`field`), the attributes its control
 * needs (`control`) and the rest, which belong to the control itself (`controlProps`).
 */
export function useField<Props extends FieldChromeProps & { id?: string }>({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...controlProps
}: Props): {
  field: Omit<FieldProps, "controlRowClassName" | "children">;
  control: FieldControlAttributes;
  controlProps: Omit<Props, keyof FieldChromeProps | "id">;
} {
  const ids = useFieldIds(id, { hint, error });
  return {
    field: { label, hint, error, required, className, ids },
    control: {
      id: ids.controlId,
      required,
      "aria-invalid": ids.invalid || undefined,
      "aria-describedby": ids.describedBy,
    },
    controlProps,
  };
}
