import { createFormHookContexts } from "@tanstack/react-form";

/** The field and form a bound field component reads (src/forms/app-form.ts registers them). */
export const { fieldContext, formContext, useFieldContext, useFormContext } =
  createFormHookContexts();
