import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { deflateRawSync } from "node:zlib";
import { parseWithKeys } from "@chayong/domain";
import type { EndpointEntry } from "@chayong/sdk/server";
import {
  COMPRESSED_ENVELOPE,
  decodeRequestPayload,
  ENVELOPE_QUERY_PARAM,
  type Envelope,
  encodeCompressedEnvelope,
  encodeEnvelope,
  HEADER,
  isCodecError,
  isPayloadError,
} from "@chayong/transport";
import type { FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { actorOf, recordAudit } from "../audit/audit";
import { authorise } from "../auth/authorise";
import type { SessionCache } from "../auth/session-cache";
import type { Call, CsvDownload, InputProblems, PdfDownload } from "../calls/call";
import type { Caller } from "../calls/caller";
import type { ServerContext } from "../context";
import { documentContentSecurityPolicy } from "../contracts/document-fonts";
import { isConnectionFailure } from "../db/availability";
import { type Locale, localeFromHeader, messageFor, okMessage } from "../messages/message-for";
import { type Failure, type FieldProblem, type Outcome, refuse, refuseInput } from "../outcome";
import { failureForThrown } from "./thrown-failures";

/**
 * The pipeline every API call goes through: decrypt, authenticate, authorise, validate, run the
 * handler, check the answer against the table's answer schema, answer the envelope.
 */
export async function handleCall(
  ctx: ServerContext,
  sessions: SessionCache | null,
  entry: EndpointEntry,
  handler: (call: Call, input: unknown) => Promise<Outcome<unknown>>,
  request: FastifyRequest,
  reply: FastifyReply,
  inputProblems?: InputProblems,
): Promise<void> {
  const locale = localeFromHeader(request.headers["accept-language"]);
  const delayMs = ctx.answerDelays.get(entry.path);
  if (delayMs !== undefined) await sleep(delayMs);
  const outcome = await runCallWhileAvailable(
    ctx,
    sessions,
    entry,
    handler,
    request,
    locale,
    inputProblems,
  );
  if (!outcome.ok && outcome.failure.status === 503) {
    reply.header("retry-after", String(retryAfterS));
  }
  if (outcome.ok && entry.wire === "csv") {
    sendCsvDownload(reply, outcome.value as CsvDownload);
    // The file is written after this returns: wait for the reply to end, or Fastify answers an
    // async handler that resolved before a byte was written with an empty body.
    await reply;
    return;
  }
  if (outcome.ok && entry.wire === "pdf") {
    sendPdfDownload(reply, outcome.value as PdfDownload);
    return;
  }
  if (outcome.ok) {
    const checked = v.safeParse(entry.answer, outcome.value);
    if (!checked.success) {
      request.log.error(
        {
          endpoint: entry.id,
          issues: checked.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`),
        },
        "answer does not match the endpoint's answer schema",
      );
      return sendFailure(ctx, entry, reply, { status: 500, key: "server.error" }, locale);
    }
  }
  if (!outcome.ok) return sendFailure(ctx, entry, reply, outcome.failure, locale);
  if (entry.wire === "raw") {
    reply
      .header("content-type", "text/html; charset=utf-8")
      // The one raw answer is the contract document: its policy lets it read the app's fonts.
      .header("content-security-policy", documentContentSecurityPolicy)
      .header("x-content-type-options", "nosniff")
      .send(outcome.value);
    return;
  }
  sendEnvelope(
    ctx,
    reply,
    { status: 200, message: okMessage(locale), body: outcome.value ?? null },
    compressesAnswer(entry, request),
  );
}

/**
 * Whether this answer goes compressed (`COMPRESSED_ENVELOPE`, packages/transport README): only
 * when the client asked, and never for the `auth` endpoints, whose answers carry the session
 * token — compressed beside input an attacker can choose (a phone number), its length would
 * leak it, as BREACH showed. Failures stay plain as well: small, and the same for every client.
 */
export function compressesAnswer(
  entry: Pick<EndpointEntry, "id">,
  request: Pick<FastifyRequest, "headers">,
): boolean {
  return (
    request.headers[HEADER.acceptEnvelope] === COMPRESSED_ENVELOPE &&
    !entry.id.startsWith("auth.") &&
    // A new API key is such a secret too.
    entry.id !== "apiKey.create"
  );
}

/**
 * A CSV file as a download (docs/export.md), streamed as its chunks come: nothing is cached (it
 * is personal data) and the browser never guesses another type.
 */
function sendCsvDownload(reply: FastifyReply, download: CsvDownload): void {
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${download.fileName}"`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(Readable.from(download.chunks, { objectMode: false }));
}

/**
 * A PDF file as a download (the signed contract): never cached (it holds personal data), never
 * sniffed as another type. The name is ASCII, so it needs no RFC 5987 encoding.
 */
function sendPdfDownload(reply: FastifyReply, download: PdfDownload): void {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${download.fileName}"`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(Buffer.from(download.bytes.buffer, download.bytes.byteOffset, download.bytes.byteLength));
}

/**
 * How many times a read runs on meeting a dead connection: a restart may leave several in the
 * pool, each found dead only when used or when its close arrives.
 */
const readAttempts = 3;

/** What a 503 asks the client to wait before it tries again (`Retry-After`, seconds). */
export const retryAfterS = 5;

/**
 * Runs the call unless the database is down (docs/operations.md, "When the database goes
 * away"): then it answers 503 'service temporarily unavailable' at once, or as soon as the
 * database is found down while the call waits on it, instead of after a connection time-out.
 * A read that meets a dead pooled connection (closed by a restart) runs again on a fresh one,
 * up to `readAttempts` times in all; a write is not repeated here, since its first attempt may
 * have committed: the client repeats it with the same idempotency key (docs/idempotency.md).
 */
async function runCallWhileAvailable(
  ctx: ServerContext,
  sessions: SessionCache | null,
  entry: EndpointEntry,
  handler: (call: Call, input: unknown) => Promise<Outcome<unknown>>,
  request: FastifyRequest,
  locale: Locale,
  inputProblems: InputProblems | undefined,
): Promise<Outcome<unknown>> {
  const { availability } = ctx.database;
  if (!availability.up) return refuse(503, "server.unavailable");
  const signal = availability.downSignal();
  const guarded = (async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runCall(ctx, sessions, entry, handler, request, locale, inputProblems);
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        availability.suspect();
        if (entry.effect !== "read" || signal.aborted || attempt >= readAttempts) throw error;
        request.log.warn({ err: error, endpoint: entry.id }, "read met a dead connection: again");
        // One turn of the event loop first. The pool's other connections, cut at the same moment,
        // report their close in the same I/O phase: a read sent again at once (in microtasks) was
        // written to one of them before its close was seen, and failed too (2 of 3 runs of
        // database-outage.test.ts with six connections cut).
        await new Promise((resolve) => setImmediate(resolve));
        // The probe suspect() started may have found the database down meanwhile.
        if (signal.aborted) throw error;
      }
    }
  })();
  let onDown: (() => void) | undefined;
  const down = new Promise<Outcome<unknown>>((resolve) => {
    onDown = () => resolve(refuse(503, "server.unavailable"));
    signal.addEventListener("abort", onDown, { once: true });
  });
  const settled = guarded.catch((error: unknown): Outcome<unknown> => {
    const failure = failureForThrown(ctx, error, request.log, entry.id);
    if (failure === null) throw error;
    return { ok: false, failure };
  });
  // Answered 503 when the database went down, the call may still fail later: nobody waits for it.
  settled.catch((error: unknown) => {
    if (signal.aborted)
      request.log.warn({ err: error, endpoint: entry.id }, "call failed after 503");
  });
  try {
    return await Promise.race([settled, down]);
  } finally {
    if (onDown !== undefined) signal.removeEventListener("abort", onDown);
  }
}

async function runCall(
  ctx: ServerContext,
  sessions: SessionCache | null,
  entry: EndpointEntry,
  handler: (call: Call, input: unknown) => Promise<Outcome<unknown>>,
  request: FastifyRequest,
  locale: Locale,
  inputProblems: InputProblems | undefined,
): Promise<Outcome<unknown>> {
  const payload = readPayload(ctx, entry, request);
  if (!payload.ok) return payload;

  const now = ctx.now();
  const authorised = await authorise(ctx.db, sessions, entry, request.headers, now);
  if (!authorised.ok) return authorised;
  const caller = authorised.value;

  const call: Call = {
    ctx,
    caller,
    ip: request.ip,
    device: deviceOf(request.headers["user-agent"]),
    origin: ctx.config.publicUrl ?? `${request.protocol}://${request.host}`,
    locale,
    now,
  };
  const input = parseWithKeys(entry.request, payload.value);
  if (!input.ok) {
    const refused = input.errors.map((error): FieldProblem => {
      const problem: FieldProblem = { key: error.key };
      if (error.field !== undefined) {
        problem.field = error.field;
        problem.params = { field: error.field, ...error.params };
      } else if (error.params !== undefined) {
        problem.params = error.params;
      }
      return problem;
    });
    // The endpoint's rules that need the caller, on the fields that parsed: every problem at once.
    const more = inputProblems?.(call, payload.value) ?? [];
    const named = new Set(more.flatMap((problem) => problem.field ?? []));
    const unnamed = (problem: FieldProblem) =>
      problem.field === undefined || !named.has(problem.field);
    return refuseInput([...more, ...refused.filter(unnamed)]);
  }
  const outcome = await handler(call, input.value);
  if (caller?.apiKey != null) await auditApiKeyCall(ctx, entry, caller, request.ip, now, outcome);
  return outcome;
}

/**
 * Every call made with an API key leaves one audit row (README "API keys"): which key, which
 * endpoint, the answer's status. Sessions are audited only where they change or reveal
 * something; a tool runs unattended, so its operator must be able to see all it did.
 */
export async function auditApiKeyCall(
  ctx: ServerContext,
  entry: Pick<EndpointEntry, "id">,
  caller: Caller,
  ip: string,
  now: Date,
  outcome: Outcome<unknown>,
): Promise<void> {
  await recordAudit(ctx.db, {
    actor: actorOf(caller),
    action: "apiKey.call",
    subjectId: entry.id,
    ip,
    at: now,
    details: { status: outcome.ok ? 200 : outcome.failure.status },
  });
}

function readPayload(
  ctx: ServerContext,
  entry: EndpointEntry,
  request: FastifyRequest,
): Outcome<unknown> {
  let ciphertext: unknown;
  if (entry.method === "GET") {
    const query = (request.query as Record<string, unknown> | undefined) ?? {};
    ciphertext = query[ENVELOPE_QUERY_PARAM];
    // Without the parameter, the plain query is the payload: docs/wire-protocol.md#requests: the service
    // config call as `GET /api/v1/config?configKey=line`, and the layer is no secret anyway.
    if (ciphertext === undefined) return { ok: true, value: { ...query } };
  } else {
    ciphertext = request.body;
  }
  if (typeof ciphertext !== "string" || ciphertext.trim() === "") {
    return refuse(400, "request.invalidCiphertext");
  }
  try {
    return { ok: true, value: decodeRequestPayload(ctx.codec, ciphertext) };
  } catch (error) {
    if (isCodecError(error) || isPayloadError(error))
      return refuse(400, "request.invalidCiphertext");
    throw error;
  }
}

export function envelopeOf(failure: Failure, locale: Locale): Envelope {
  return {
    status: failure.status,
    message: messageFor(failure.key, locale, failure.params),
    key: failure.key,
    body:
      failure.errors !== undefined
        ? {
            ...failure.details,
            errors: failure.errors.map((problem) => ({
              field: problem.field ?? null,
              key: problem.key,
              message: messageFor(problem.key, locale, problem.params),
            })),
          }
        : (failure.details ?? null),
  };
}

declare module "fastify" {
  interface FastifyReply {
    /**
     * The envelope status this answer went out with (HTTP is always 200), or null when it was no
     * envelope: the metrics count calls by it (./metrics.ts). Set by `sendEnvelope`.
     */
    envelopeStatus: number | null;
  }
}

export function sendFailure(
  ctx: ServerContext,
  entry: Pick<EndpointEntry, "wire"> | null,
  reply: FastifyReply,
  failure: Failure,
  locale: Locale,
): void {
  const envelope = envelopeOf(failure, locale);
  reply.envelopeStatus = failure.status;
  if (entry?.wire === "raw" || entry?.wire === "csv" || entry?.wire === "pdf") {
    // The raw, CSV and PDF paths are never encrypted; their failures are a plain JSON envelope.
    reply.header("content-type", "application/json; charset=utf-8").send(JSON.stringify(envelope));
    return;
  }
  sendEnvelope(ctx, reply, envelope);
}

export function sendEnvelope(
  ctx: ServerContext,
  reply: FastifyReply,
  envelope: Envelope,
  compressed = false,
): void {
  reply.envelopeStatus = envelope.status;
  reply.code(200).header("content-type", "text/plain; charset=utf-8");
  if (compressed) {
    reply
      .header(HEADER.envelopeEncoding, COMPRESSED_ENVELOPE)
      .send(encodeCompressedEnvelope(ctx.codec, envelope, (bytes) => deflateRawSync(bytes)));
    return;
  }
  reply.send(encodeEnvelope(ctx.codec, envelope));
}

/** The User-Agent as the audit log keeps it: at most 200 characters, none when absent. */
export function deviceOf(userAgent: string | undefined): string | null {
  const trimmed = userAgent?.trim() ?? "";
  return trimmed === "" ? null : trimmed.slice(0, 200);
}
