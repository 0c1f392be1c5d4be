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
  const serialized: Record<string, unknown> = {
    type: error.name,
    message: typeof query === "string" ? "Failed query" : error.message,
    stack: error.stack
      ?.split("\n")
      .slice(typeof query === "string" ? 2 : 0)
      .join("\n"),
  };
  if (typeof query === "string") serialized.query = query;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined) serialized.code = code;
  if (statusCode !== undefined) serialized.statusCode = statusCode;
  if (error.cause !== undefined) {
    const cause = error.cause as { name?: unknown; code?: unknown; message?: unknown };
    // A database error's message names the problem ('invalid byte sequence'), not the values.
    serialized.cause = {
      type: typeof cause.name === "string" ? cause.name : "Error",
      code: cause.code,
      message: typeof query === "string" ? databaseMessage(cause) : cause.message,
    };
  }
  return serialized;
}

function databaseMessage(cause: { message?: unknown }): string | undefined {
  return typeof cause.message === "string" ? cause.message.split("\n")[0] : undefined;
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
