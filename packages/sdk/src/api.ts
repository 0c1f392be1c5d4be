import { failures, readEnvelope, type Transport, TransportError } from "@chayong/transport";
import * as v from "valibot";
import {
  type AnySchema,
  type Area,
  type EndpointDefinition,
  type EndpointId,
  type Endpoints,
  endpoints,
} from "./endpoints";
import type { RequestSchemas } from "./requests";
import { type CustomerService, customerServiceSchema } from "./schemas/config";

export interface CallOptions {
  signal?: AbortSignal;
  /** Default: the transport's time-out. */
  timeoutMs?: number;
}

export interface UploadCallOptions extends CallOptions {
  onProgress?: (percent: number) => void;
}

type Output<E extends EndpointDefinition> = v.InferOutput<E["answer"]>;

/**
 * The typed function of one endpoint: its payload in (typed by its request schema, which the
 * client never loads), its validated answer out.
 */
export type EndpointFunction<
  E extends EndpointDefinition,
  TRequest extends AnySchema = AnySchema,
> = E["wire"] extends "multipart"
  ? (file: Blob, options?: UploadCallOptions) => Promise<Output<E>>
  : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is what this asks
    {} extends v.InferInput<TRequest>
    ? (input?: v.InferInput<TRequest>, options?: CallOptions) => Promise<Output<E>>
    : (input: v.InferInput<TRequest>, options?: CallOptions) => Promise<Output<E>>;

/** `api.contract.add(draft)`, `api.auth.login({ phone, code })`... one function per endpoint. */
export type Api = {
  [A in Area]: {
    [N in keyof Endpoints[A]]: Endpoints[A][N] extends EndpointDefinition
      ? N extends keyof RequestSchemas[A]
        ? RequestSchemas[A][N] extends infer R extends AnySchema
          ? EndpointFunction<Endpoints[A][N], R>
          : never
        : never
      : never;
  };
};

export interface ApiOptions {
  /**
   * Called when a raw, CSV or PDF call (the contract view, the export, the signed PDF) answers
   * envelope 301.
   * Envelope calls report it through the transport's own `onSessionEnded`; pass the same
   * handler here.
   */
  onSessionEnded?(error: TransportError): void;
}

/**
 * Typed functions for every endpoint of the table, grouped by area. Each answer is checked
 * against its schema: a mismatch rejects with a TransportError of kind 'invalid-data' rather
 * than hand the app something that is not what the types say.
 */
export function createApi(transport: Transport, options: ApiOptions = {}): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [area, group] of Object.entries(endpoints)) {
    const functions: Record<string, unknown> = {};
    for (const [name, definition] of Object.entries(group as Record<string, EndpointDefinition>)) {
      functions[name] = endpointFunction(transport, `${area}.${name}`, definition, options);
    }
    api[area] = functions;
  }
  return api as Api;
}

function endpointFunction(
  transport: Transport,
  id: string,
  definition: EndpointDefinition,
  options: ApiOptions,
) {
  const { method, path, wire, answer } = definition;
  if (wire === "multipart") {
    return async (file: Blob, call: UploadCallOptions = {}) => {
      const [uploaded] = await transport.upload([file], {
        path,
        signal: call.signal,
        timeoutMs: call.timeoutMs,
        onProgress: call.onProgress ? (progress) => call.onProgress?.(progress.percent) : undefined,
      });
      return checkAnswer(id, answer, uploaded);
    };
  }
  // A PDF travels as bytes; a failure is a JSON envelope (a PDF never starts with `{`).
  if (wire === "pdf") {
    return async (input: unknown, call: CallOptions = {}) => {
      const bytes = await transport.request({
        method,
        path,
        payload: input ?? {},
        raw: "bytes",
        signal: call.signal,
        timeoutMs: call.timeoutMs,
      });
      if (bytes[0] === 0x7b) throwIfEnvelope(new TextDecoder().decode(bytes), options);
      return checkAnswer(id, answer, bytes);
    };
  }
  // A CSV download travels like the raw document: its text as it is, its failure an envelope.
  if (wire === "raw" || wire === "csv") {
    return async (input: unknown, call: CallOptions = {}) => {
      const text = await transport.request({
        method,
        path,
        payload: input ?? {},
        raw: true,
        signal: call.signal,
        timeoutMs: call.timeoutMs,
      });
      throwIfEnvelope(text, options);
      return checkAnswer(id, answer, text);
    };
  }
  return async (input: unknown, call: CallOptions = {}) => {
    const body = await transport.request({
      method,
      path,
      payload: input ?? {},
      signal: call.signal,
      timeoutMs: call.timeoutMs,
    });
    return checkAnswer(id, answer, body);
  };
}

/**
 * An answer that reached the app another way than through this client (the web app's first
 * read, made by the page before the SDK has loaded), checked against its endpoint's answer
 * schema as every answer is: its checked value, or a TransportError of kind 'invalid-data'.
 */
export function checkEndpointAnswer(id: EndpointId, body: unknown): unknown {
  const [area = "", name = ""] = id.split(".");
  const definition = (endpoints as unknown as Record<string, Record<string, EndpointDefinition>>)[
    area
  ]?.[name];
  if (definition === undefined) throw new TypeError(`no endpoint ${id} in the table`);
  return checkAnswer(id, definition.answer, body);
}

function checkAnswer(id: string, schema: AnySchema, body: unknown): unknown {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  const where = parsed.issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(answer)"}: ${issue.message}`)
    .join("; ");
  throw new TransportError(
    "invalid-data",
    "transport.invalidData",
    `the answer of ${id} does not match its schema (${where})`,
    { body, cause: parsed.issues },
  );
}

/**
 * A raw, CSV or PDF endpoint answers its document on success; a failure is a plain JSON envelope
 * (those paths are never encrypted). Turn it into exactly the TransportError an envelope call
 * gives (the transport's own constructors: `serverKey`, `body`, `params` alike). No document
 * starts with `{` (HTML, a CSV header row of column names, `%PDF`).
 */
function throwIfEnvelope(text: string, options: ApiOptions): void {
  if (!text.trimStart().startsWith("{")) return;
  let envelope: ReturnType<typeof readEnvelope>;
  try {
    envelope = readEnvelope(JSON.parse(text));
  } catch (cause) {
    throw new TransportError(
      "invalid-data",
      "transport.invalidData",
      "the raw answer is neither a document nor an envelope",
      { cause },
    );
  }
  if (envelope.status === 200) return;
  if (envelope.status === 301) {
    const error = failures.sessionEnded(envelope);
    try {
      options.onSessionEnded?.(error);
    } catch {
      // the caller still gets the session-ended rejection
    }
    throw error;
  }
  throw envelope.status === 500
    ? failures.serverError(envelope)
    : failures.envelopeStatus(envelope);
}

/** The customer-service contact inside a service-config answer (`extInfoJSON`). */
export function readCustomerService(answer: { extInfoJSON: string }): CustomerService {
  let value: unknown;
  try {
    value = JSON.parse(answer.extInfoJSON);
  } catch (cause) {
    throw new TransportError("invalid-data", "transport.invalidData", "extInfoJSON is not JSON", {
      cause,
    });
  }
  return checkAnswer("config.service extInfoJSON", customerServiceSchema, value) as CustomerService;
}
