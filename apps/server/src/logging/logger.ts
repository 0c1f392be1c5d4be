import pino, { type DestinationStream, type Logger } from "pino";

/**
 * An error as the log keeps it: its kind, message and stack, and of a failed query only the SQL
 * text (never its parameters: borrower phones, names, terms) and the database's error code.
 * Drizzle puts the parameters into the message itself ("Failed query: ...\nparams: ..."), and a
 * driver error's `detail` may quote row values ("Key (phone)=(+8210...) already exists"), so both
 * are left out rather than trusted.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const query = (error as { query?: unknown }).query;
  const failedQuery = typeof query === "string";
  const serialized: Record<string, unknown> = {
    type: error.name,
    // Drizzle's message is the query and its parameters; the stack repeats the message first.
    message: failedQuery ? "Failed query" : error.message,
    stack: failedQuery ? stackFrames(error.stack) : error.stack,
  };
  if (failedQuery) serialized.query = query;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined) serialized.code = code;
  if (statusCode !== undefined) serialized.statusCode = statusCode;
  if (error.cause !== undefined) {
    const cause = error.cause as Record<string, unknown>;
    // A database error's message quotes the value it refused ('value out of range: "..."'), so
    // only its code and the names of what it concerns are kept.
    serialized.cause = failedQuery
      ? {
          type: typeof cause.name === "string" ? cause.name : "Error",
          code: cause.code,
          ...pick(cause, ["severity", "routine", "constraint", "table", "column"]),
        }
      : { type: cause.name, code: cause.code, message: cause.message };
  }
  return serialized;
}

/** Only the "at ..." lines of a stack: the message above them is not trusted. */
function stackFrames(stack: string | undefined): string | undefined {
  return stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

function pick(from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]),
  );
}

/** Personal data never written to the log, wherever it appears in a log line's object. */
const redactedPaths = [
  "phone",
  "*.phone",
  "borrowerPhone",
  "*.borrowerPhone",
  "idNumber",
  "*.idNumber",
];

/**
 * The server's logger: JSON lines (pino), errors through `serializeError`, and phones and ID
 * numbers in logged objects replaced by "[redacted]". The console SMS provider is the one
 * exception by design: its whole job is to print a login code for a developer to read.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      redact: { paths: redactedPaths, censor: "[redacted]" },
    },
    destination,
  );
}
