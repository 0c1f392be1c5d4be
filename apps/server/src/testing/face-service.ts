import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the stand-in received it (docs/identity.md, "A vendor's service"). */
export interface FaceServiceRequest {
  headers: IncomingHttpHeaders;
  body: {
    live: string;
    references: { name: string; image: string; match: string; minFaces: number }[];
  };
}

/** What the stand-in answers: a status (200 by default), a JSON body or raw text, a delay. */
export interface FaceServiceReply {
  status?: number;
  body?: unknown;
  text?: string;
  delayMs?: number;
}

export interface TestFaceService {
  url: string;
  apiKey: string;
  /** Every request with the right key, in order. */
  requests: FaceServiceRequest[];
  /** How requests are answered from now on. */
  answerWith(reply: (request: FaceServiceRequest) => FaceServiceReply): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a vendor's face verification service, over real HTTP: it checks the bearer key
 * (401 otherwise), records each request, and answers as told; by default one live face and a
 * similarity of 0.95 to every reference, each showing the faces it must.
 */
export async function startTestFaceService(
  apiKey = "face-key-0123456789",
): Promise<TestFaceService> {
  const requests: FaceServiceRequest[] = [];
  let reply: (request: FaceServiceRequest) => FaceServiceReply = (request) => ({
    body: answerOf(request, {}),
  });
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      if (incoming.method !== "POST" || incoming.headers.authorization !== `Bearer ${apiKey}`) {
        response.statusCode = 401;
        response.end();
        return;
      }
      const request: FaceServiceRequest = {
        headers: incoming.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(request);
      const { status = 200, body, text, delayMs = 0 } = reply(request);
      const send = () => {
        response.statusCode = status;
        response.setHeader("content-type", "application/json");
        response.end(text ?? (body === undefined ? "" : JSON.stringify(body)));
      };
      if (delayMs === 0) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/face/verify`,
    apiKey,
    requests,
    answerWith(next) {
      reply = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * The contract's answer to `request`: one live face (or `liveFaces`), and per reference its
 * `similarities` entry (0.95 by default) and the faces it must show (or its `faces` entry).
 */
export function answerOf(
  request: FaceServiceRequest,
  options: {
    similarities?: Record<string, number | null>;
    faces?: Record<string, number>;
    liveFaces?: number;
  },
) {
  return {
    live: { faces: options.liveFaces ?? 1, real: 0.97, live: 0.88 },
    comparisons: request.body.references.map((reference) => {
      const similarity = options.similarities?.[reference.name];
      return {
        reference: reference.name,
        similarity: similarity === undefined ? 0.95 : similarity,
        faces: options.faces?.[reference.name] ?? reference.minFaces,
      };
    }),
  };
}
