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

/**
 * Personal data and credentials never written to the log, wherever they appear in a log line's
 * object: phones and ID numbers, and the headers that carry a session token or an API key
 * (@fastify/multipart logs a request's headers at trace level).
 */
const redactedPaths = [
  "phone",
  "*.phone",
  "borrowerPhone",
  "*.borrowerPhone",
  "idNumber",
  "*.idNumber",
  ...["headers", "*.headers"].flatMap((headers) =>
    ["nscper", "authorization", "cookie", '["x-chayong-api-key"]'].map(
      (name) => `${headers}${name.startsWith("[") ? "" : "."}${name}`,
    ),
  ),
];

/**
 * A request as the log keeps it (Fastify's "incoming request" line): its path without the query
 * string. A GET call's payload travels in the query (`XKNCEGSKK`) encrypted with a key the web
 * app ships, so it is as readable as plain text; other queries may name a phone.
 */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url?.split("?")[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's logger: JSON lines (pino), errors through `serializeError`, requests through
 * `serializeRequest`, and phones, ID numbers and credentials in logged objects replaced by
 * "[redacted]". The console SMS provider prints a login code for a developer to read, with the
 * phone masked (src/sms/sms-provider.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
      redact: { paths: redactedPaths, censor: "[redacted]" },
    },
    destination,
  );
}
