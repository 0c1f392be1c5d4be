import * as v from "valibot";
import { isMessageKey, type MessageKey } from "../messages";
import { type DomainError, domainError, errorKinds, type Result } from "../result";

type AnyIssue = v.BaseIssue<unknown>;

/** The dotted field path of an issue (`contacts.1.phone`), or undefined at the root. */
export function issueField(issue: AnyIssue): string | undefined {
  const keys = issue.path?.map((item) => String(item.key));
  return keys && keys.length > 0 ? keys.join(".") : undefined;
}

/**
 * Turns valibot issues into domain errors. Schemas here use message keys as their messages;
 * an unknown key on a strict object becomes `common.unknownField`, anything else unkeyed
 * `common.invalidValue`. A missing key carries the object's message in valibot, so with `schema`
 * given the field's own schema is asked what a missing value means (its "required" key).
 * Only the first issue per field is kept: one message per field.
 */
export function issuesToErrors(
  issues: readonly AnyIssue[],
  schema?: v.GenericSchema,
): DomainError[] {
  const errors: DomainError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issueField(issue);
    const seenKey = field ?? "";
    if (seen.has(seenKey)) continue;
    seen.add(seenKey);
    const key = keyOf(issue, schema);
    // A length limit names its number ('at most {max} characters').
    const params =
      key === "text.tooLong" && typeof issue.requirement === "number"
        ? { max: issue.requirement }
        : undefined;
    errors.push(domainError(errorKinds.validation, key, field, params));
  }
  return errors;
}

function keyOf(issue: AnyIssue, root: v.GenericSchema | undefined): MessageKey {
  const structural =
    issue.type === "strict_object" ||
    issue.type === "object" ||
    issue.type === "strict_tuple" ||
    issue.type === "tuple";
  if (structural && issue.path && issue.path.length > 0) {
    const tuple = issue.type === "strict_tuple" || issue.type === "tuple";
    // An extra tuple item breaks the tuple's own rule (e.g. "exactly two contacts").
    if (issue.expected === "never") {
      return tuple && isMessageKey(issue.message) ? issue.message : "common.unknownField";
    }
    if (issue.received === "undefined" && root) {
      const keys = issue.path.map((item) => item.key);
      // A missing tuple item, likewise, is the tuple's message.
      const parent = schemaAt(root, keys.slice(0, -1)) as { items?: unknown; message?: unknown };
      if (parent?.items && typeof parent.message === "string" && isMessageKey(parent.message)) {
        return parent.message;
      }
      const fieldSchema = schemaAt(root, keys);
      if (fieldSchema) {
        const result = v.safeParse(fieldSchema, undefined);
        const message = result.issues?.[0]?.message;
        if (message && isMessageKey(message)) return message;
      }
    }
  }
  return isMessageKey(issue.message) ? issue.message : "common.invalidValue";
}

/** The schema at a path inside object/tuple schemas (through optional and nullable wrappers). */
function schemaAt(root: v.GenericSchema, keys: readonly unknown[]): v.GenericSchema | undefined {
  let current: unknown = root;
  for (const key of keys) {
    while (current && typeof current === "object" && "wrapped" in current) {
      current = (current as { wrapped: unknown }).wrapped;
    }
    if (current && typeof current === "object" && "entries" in current) {
      current = (current as { entries: Record<string, unknown> }).entries[String(key)];
    } else if (current && typeof current === "object" && "items" in current) {
      current = (current as { items: unknown[] }).items[Number(key)];
    } else {
      return undefined;
    }
  }
  return current as v.GenericSchema | undefined;
}

/**
 * The message of a field's type check that tells "nothing came" from "something else came":
 * `requiredKey` when the value is missing (absent, or null: how a form sends a field left
 * empty), `invalidKey` when a value of another type was sent (the text "1000000" for an amount).
 * A script that sends the wrong type is told so, not that the field is missing.
 */
/* @__NO_SIDE_EFFECTS__ */
export function missingOrInvalid<
  const TRequired extends MessageKey,
  const TInvalid extends MessageKey,
>(requiredKey: TRequired, invalidKey: TInvalid) {
  return (issue: v.BaseIssue<unknown>): TRequired | TInvalid =>
    issue.input === undefined || issue.input === null ? requiredKey : invalidKey;
}

/**
 * Says when a field its schema leaves optional is required after all, by a rule of the domain
 * that reads other fields (a repayment's `receivedOn`, needed only with a repayment amount).
 * Only documentation: the SDK's endpoint reference (packages/sdk/API.md) prints it in the
 * "Required" column instead of "no"; the rule itself stays in the function that checks it
 * (`planRepayment`, `validateContractDraft`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function requiredWhen<TInput>(condition: string) {
  return v.metadata<TInput, { requiredWhen: string }>({ requiredWhen: condition });
}

/** Parses `input` with `schema`, collecting every issue as keyed errors. */
export function parseWithKeys<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): Result<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { ok: true, value: parsed.output };
  return { ok: false, errors: issuesToErrors(parsed.issues, schema) };
}
