import {
  codecSettingsFromEnv,
  createCodec,
  decodeRequestPayload,
  ENVELOPE_QUERY_PARAM,
  type Envelope,
  encodeEnvelope,
} from "@chayong/transport";

/**
 * Stands in for the API server in component tests (the real one runs in the Playwright suite):
 * speaks the real wire format (encrypted envelopes, development key), answers by path.
 */
export type FakeAnswer = Partial<Envelope> & {
  body?: unknown;
  /** A raw or CSV endpoint's document, sent as it is instead of an envelope. */
  raw?: string;
};
/** Answers at once, or when its promise settles (to see a screen while a call is pending). */
export type FakeRoute = (payload: unknown) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApiServer {
  fetch: typeof fetch;
  calls: Array<{ path: string; payload: unknown }>;
  /** Each call's request headers, in the order of `calls`. */
  callHeaders: Array<Record<string, string>>;
}

const codec = createCodec(codecSettingsFromEnv({}));

async function decodedPayload(request: Request, url: URL): Promise<unknown> {
  const ciphertext =
    request.method === "GET"
      ? (url.searchParams.get(ENVELOPE_QUERY_PARAM) ?? "")
      : await request.text();
  return ciphertext ? decodeRequestPayload(codec, ciphertext) : undefined;
}

/** A file upload (multipart, not encrypted) is seen as its files' names, types and sizes. */
async function uploadedFiles(request: Request): Promise<Record<string, unknown>> {
  const files: Record<string, unknown> = {};
  for (const [field, value] of await request.formData()) {
    files[field] =
      typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size };
  }
  return files;
}

export function fakeApiServer(routes: Record<string, FakeRoute>): FakeApiServer {
  const calls: FakeApiServer["calls"] = [];
  const callHeaders: FakeApiServer["callHeaders"] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.headers.get("content-type")?.startsWith("multipart/form-data")
      ? await uploadedFiles(request)
      : await decodedPayload(request, url);
    calls.push({ path: url.pathname, payload });
    callHeaders.push(Object.fromEntries(request.headers));
    const route = routes[url.pathname];
    const answer: FakeAnswer = route
      ? await route(payload)
      : { status: 404, message: "not found", body: null };
    if (answer.raw !== undefined) {
      return new Response(answer.raw, { status: 200, headers: { "content-type": "text/plain" } });
    }
    const envelope: Envelope = {
      status: answer.status ?? 200,
      message: answer.message ?? "",
      body: answer.body ?? null,
      ...(answer.statusCode ? { statusCode: answer.statusCode } : {}),
      // A refusal's message key, as the server sends it (docs/wire-protocol.md#envelope).
      ...(answer.key ? { key: answer.key } : {}),
    };
    return new Response(encodeEnvelope(codec, envelope), {
      status: 200,
      headers: { "content-type": "text/plain" },
    });
  };
  return { fetch: fetchImpl as typeof fetch, calls, callHeaders };
}
