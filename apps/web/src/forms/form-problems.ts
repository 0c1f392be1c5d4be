import type { DomainError } from "@chayong/domain";
import { asTransportError } from "../session/error-catalogue";

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * What a form says about one field (or, with no field, about the whole form): a message key of
 * the domain's rules with its parameters, or the server's own words (already in the person's
 * language, with the server's parameters).
 */
export type FieldProblem =
  | (Pick<DomainError, "key" | "params"> & {
      /**
       * Said by the page in a place of its own (the create form's legal cap, in its cost
       * preview): it still holds the submit back and takes the focus to its field, but the field
       * does not repeat it.
       */
      saidElsewhere?: true;
    })
  | { serverMessage: string };

/** The problem in the person's language. */
export function problemText(problem: FieldProblem, _: Translate): string {
  return "serverMessage" in problem ? problem.serverMessage : _(problem.key, problem.params);
}

/** Whether a value held in a field's error map is one of ours (TanStack Form stores it as is). */
export function isFieldProblem(value: unknown): value is FieldProblem {
  return (
    typeof value === "object" &&
    value !== null &&
    (typeof (value as { key?: unknown }).key === "string" ||
      typeof (value as { serverMessage?: unknown }).serverMessage === "string")
  );
}

/**
 * The form's name of a field the domain or the server reports a problem on: dotted request paths
 * (`contacts.1.phone`) become TanStack Form's (`contacts[1].phone`).
 */
export function formPath(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** A problem the server reported on a refused request (envelope 400: `body.errors`). */
export interface ServerProblem {
  field: string | null;
  key: string;
  message: string;
}

/** The server's field problems in a failed call, in the order it listed them (none for others). */
export function serverProblemsOf(error: unknown): ServerProblem[] {
  const transportError = asTransportError(error);
  if (transportError?.kind !== "envelope-status") return [];
  const errors = (transportError.body as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (problem): problem is ServerProblem =>
          typeof problem === "object" &&
          problem !== null &&
          typeof (problem as ServerProblem).message === "string",
      )
    : [];
}
