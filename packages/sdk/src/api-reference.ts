import {
  calendarDateSchema,
  cleanText,
  contractStatusSchema,
  isAcceptableLine,
  isAcceptableMultilineText,
  isCalendarDateText,
} from "@chayong/domain";
import type { AnySchema } from "./endpoints";
import { type EndpointEntry, endpointList } from "./table";

/** A schema or pipe action as valibot builds them (only what the reference reads). */
interface SchemaNode {
  kind?: string;
  type: string;
  pipe?: SchemaNode[];
  wrapped?: SchemaNode;
  default?: unknown;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  options?: readonly unknown[];
  literal?: unknown;
  requirement?: unknown;
  operation?: unknown;
  message?: unknown;
  metadata?: Record<string, unknown>;
  class?: unknown;
}

interface FieldRow {
  path: string;
  type: string;
  /** "yes", "no", or when an optional field is required after all (the domain's `requiredWhen`). */
  required: string;
}

const accessText: Record<string, string> = {
  public: "anyone",
  user: "any signed-in user",
  lender: "lenders",
  borrower: "borrowers",
};

/**
 * The endpoint reference (packages/sdk/API.md) generated from the table. `pnpm --filter
 * @chayong/sdk api-doc` writes it; a test fails when the committed file differs from this.
 */
export function renderApiReference(list: readonly EndpointEntry[] = endpointList): string {
  const lines: string[] = [
    "# @chayong/sdk endpoint reference",
    "",
    "<!-- Generated from src/endpoints.ts and src/requests.ts by `pnpm --filter @chayong/sdk api-doc`. Do not edit. -->",
    "",
    "Every call is HTTP 200 with the envelope `{ status, message, body }` unless the transport",
    "itself failed; `status` is 200 ok, 301 session invalid, 400 bad input, 403 forbidden,",
    "404 not found, 409 conflict, 429 too frequent, 500 server error or 503 unavailable for now",
    "(with an HTTP `Retry-After`; nothing was lost, try again), and `message` is in the",
    "caller's language (Accept-Language ko-KR or zh-TW); a refusal also names its message key",
    "(`key`, the SDK's `serverKey`). Payloads are encrypted JSON: POST as a text/plain body, GET as",
    "the single query parameter `XKNCEGSKK`. Raw answers (the contract document), CSV downloads (the",
    "export) and PDF downloads (the signed contract, the statement: bytes, a `Uint8Array`) are sent",
    "as they are; their failures are a plain JSON envelope, `key` included. Requests with unknown",
    "fields are refused. Money is an integer in the currency's smallest unit; dates are",
    "`YYYY-MM-DD` in the lender's business time zone. Where the Required column names a",
    "condition instead of yes or no, the field may be left out unless that condition holds.",
    "",
    "A contract's `status` is one of six values ([docs/statuses.md](../../docs/statuses.md)):",
    "`type1` pending signature (not opened yet), `type2` to be signed (opened by the borrower),",
    "`type6` pending repayment, `type4` overdue, `type5` settled (paid in full), `type3`",
    "completed (closed with some amount waived). In a contract's `schedule[]`, each instalment's",
    "`amount` is what the schedule asks of it, the agreed cost of credit included; so is",
    "`principalOutstanding`, what of that amount is still unpaid (a 1,000,000 loan repaid with",
    "1,010,000 starts at 1,010,000). `interestOutstanding` is unpaid overdue interest only (the",
    "overdue rate, from the day after the due date), never the agreed cost; `outstanding` is the",
    "two together ([docs/money.md](../../docs/money.md#balances)).",
    "",
    "Access: `public` anyone · `user` any signed-in user (each sees only what is theirs) ·",
    "`lender` lenders only · `borrower` borrowers only. The session token goes in the `NSCPER`",
    "header; a missing, expired or revoked token answers 301.",
    "",
    "API keys (header `x-chayong-api-key`) act as their lender: a `read` key may call the `read`",
    "endpoints only, a `full` key every endpoint its lender may except those marked `sessions",
    "only`; an unknown or revoked key answers 301, a call the key may not make 403.",
    "",
    "| Function | Method | Path | Access | Effect | Answer | Server |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const entry of list) {
    lines.push(
      `| [\`api.${entry.id}\`](#${anchor(entry.id)}) | ${entry.method} | \`${entry.path}\` | ${entry.access} | ${entry.effect}${entry.apiKeys === false ? ", sessions only" : ""} | ${entry.wire} | ${entry.implemented ? "implemented" : "later issue"} |`,
    );
  }
  for (const entry of list) {
    lines.push("", `## ${entry.id}`, "", entry.summary, "");
    lines.push(
      `\`${entry.method} ${entry.path}\` · ${accessText[entry.access] ?? entry.access} · ${entry.effect}${entry.apiKeys === false ? " (sessions only: no API key)" : ""} · ${wireText(entry)}${entry.implemented ? "" : " · **not implemented yet**"}`,
      "",
    );
    lines.push(
      "Request:",
      "",
      ...fieldTable(entry.request),
      "",
      "Answer body:",
      "",
      ...fieldTable(entry.answer),
    );
  }
  return `${lines.join("\n")}\n`;
}

function anchor(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

function wireText(entry: EndpointEntry): string {
  switch (entry.wire) {
    case "raw":
      return "raw answer (HTML)";
    case "csv":
      return "CSV download (`text/csv`, UTF-8 with a byte-order mark; read as text)";
    case "pdf":
      return "PDF download (`application/pdf`; read as bytes)";
    case "multipart":
      return "multipart upload (field `file`)";
    default:
      return "encrypted envelope";
  }
}

function fieldTable(schema: AnySchema): string[] {
  const node = schema as unknown as SchemaNode;
  const rows: FieldRow[] = [];
  collectFields(node, "", rows);
  if (rows.length === 0) return [`\`${describe(node)}\``];
  return [
    "| Field | Type | Required |",
    "|---|---|---|",
    ...rows.map((row) => `| \`${row.path}\` | ${row.type} | ${row.required} |`),
  ];
}

function collectFields(node: SchemaNode, prefix: string, rows: FieldRow[]): void {
  const base = baseOf(node);
  if (base.entries !== undefined) {
    for (const [name, child] of Object.entries(base.entries)) {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      const optional = baseOf(child).type === "optional" || baseOf(child).type === "exact_optional";
      const inner = optional ? (baseOf(child).wrapped as SchemaNode) : child;
      const defaultText =
        optional && baseOf(child).default !== undefined
          ? ` (default ${JSON.stringify(baseOf(child).default)})`
          : "";
      const condition = requiredWhenOf(child) ?? requiredWhenOf(inner);
      rows.push({
        path,
        type: `${describe(inner)}${defaultText}`,
        required: condition !== undefined ? condition : optional ? "no" : "yes",
      });
      collectFields(unwrapNullable(inner), path, rows);
    }
    return;
  }
  if (base.type === "array" && base.item !== undefined) {
    collectFields(unwrapNullable(base.item), prefix === "" ? "[]" : `${prefix}[]`, rows);
  }
}

function unwrapNullable(node: SchemaNode): SchemaNode {
  const base = baseOf(node);
  return base.type === "nullable" && base.wrapped !== undefined ? base.wrapped : node;
}

/** When an optional field is required after all (`requiredWhen` of @chayong/domain), if it says. */
function requiredWhenOf(node: SchemaNode): string | undefined {
  for (const action of actionsOf(node)) {
    const condition = action.type === "metadata" ? action.metadata?.requiredWhen : undefined;
    if (typeof condition === "string") return condition;
  }
  return undefined;
}

/** A piped schema's own type is its first element's. */
function baseOf(node: SchemaNode): SchemaNode {
  return node.pipe?.[0] !== undefined && node.pipe[0] !== node ? baseOf(node.pipe[0]) : node;
}

function describe(node: SchemaNode): string {
  if (node === (calendarDateSchema as unknown)) return "date `YYYY-MM-DD`";
  const base = baseOf(node);
  const actions = actionsOf(node);
  if (actions.some((a) => a.type === "check" && a.requirement === isCalendarDateText)) {
    return "date `YYYY-MM-DD`";
  }
  const money = isMoney(base, actions);
  const notes = actions
    .filter((action) => !money || !isMoneyAction(action))
    .map(describeAction)
    .filter((note): note is string => note !== null);
  const suffix = notes.length > 0 ? ` (${notes.join(", ")})` : "";
  if (money) return `money${suffix}`;
  switch (base.type) {
    case "string":
    case "number":
    case "boolean":
    case "null":
    case "unknown":
      return `${actions.some((a) => a.type === "integer") ? "integer" : base.type}${suffix}`;
    case "picklist": {
      const options = (base.options ?? []).map((option) => `\`${JSON.stringify(option)}\``);
      // The statuses say nothing by their names: say where they are told (docs/statuses.md).
      const meaning =
        base === (contractStatusSchema as unknown)
          ? " ([meaning](../../docs/statuses.md#contract-statuses))"
          : "";
      return `${options.join(" \\| ")}${meaning}`;
    }
    case "literal":
      return `\`${JSON.stringify(base.literal)}\``;
    case "instance":
      // A PDF download resolves its bytes.
      return base.class === Uint8Array
        ? `bytes, a Uint8Array${suffix}`
        : `instance of ${(base.class as { name?: string } | undefined)?.name ?? "a class"}${suffix}`;
    case "nullable":
      return `${describe(base.wrapped as SchemaNode)} \\| null`;
    case "optional":
    case "exact_optional":
      return `${describe(base.wrapped as SchemaNode)} (optional)`;
    case "array":
      return `array of ${describe(base.item as SchemaNode)}${suffix}`;
    case "object":
    case "strict_object":
    case "loose_object":
      return "object";
    default:
      return base.type;
  }
}

/** The actions of a pipe, including those of pipes nested in it, in order. */
function actionsOf(node: SchemaNode): SchemaNode[] {
  if (node.pipe === undefined) return [];
  const [first, ...rest] = node.pipe;
  return [...(first !== undefined && first !== node ? actionsOf(first) : []), ...rest];
}

/** Money: a safe non-negative integer (the domain's money fields). */
function isMoney(base: SchemaNode, actions: SchemaNode[]): boolean {
  return (
    base.type === "number" &&
    ["integer", "min_value", "max_value"].every((type) =>
      actions.some((a) => a.type === type && isMoneyAction(a)),
    )
  );
}

function isMoneyAction(action: SchemaNode): boolean {
  return (
    action.type === "integer" ||
    (action.type === "min_value" && action.requirement === 0) ||
    (action.type === "max_value" && action.requirement === Number.MAX_SAFE_INTEGER)
  );
}

function describeAction(action: SchemaNode): string | null {
  switch (action.type) {
    case "min_length":
      return `min length ${String(action.requirement)}`;
    case "max_length":
      return `max length ${String(action.requirement)}`;
    case "length":
      return `length ${String(action.requirement)}`;
    case "min_value":
      return `>= ${String(action.requirement)}`;
    case "max_value":
      return `<= ${String(action.requirement)}`;
    case "regex":
      return `matches \`${String(action.requirement)}\``;
    case "iso_timestamp":
      return "ISO 8601 instant";
    case "trim":
      return "trimmed";
    case "raw_transform":
      return "normalised";
    case "check":
      if (action.requirement === isAcceptableLine) return "one line of text";
      if (action.requirement === isAcceptableMultilineText) return "text, line breaks allowed";
      return typeof action.message === "string" ? `checked: ${action.message}` : "checked";
    case "transform":
      return action.operation === cleanText ? "invisible characters at the ends trimmed" : null;
    default:
      return null;
  }
}
