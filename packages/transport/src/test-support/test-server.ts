// A real HTTP server on a random port for the client tests, recording what arrives.
import { createCipheriv, createDecipheriv } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  /** TCP connections accepted, to prove that nothing at all was sent. */
  connections: number;
  close(): Promise<void>;
}

export async function startTestServer(handler: Handler): Promise<TestServer> {
  const state = { requests: [] as RecordedRequest[], connections: 0 };
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? "",
        url: new URL(incoming.url ?? "/", "http://test.invalid"),
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      state.requests.push(recorded);
      Promise.resolve(handler(recorded, response)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  server.on("connection", () => {
    state.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: state.requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free and is now closed: connecting to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = await startTestServer(() => {});
  await server.close();
  return server.url;
}

/** Parses a multipart body the way a server would (undici's multipart parser). */
export function readForm(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), {
    headers: { "content-type": String(request.headers["content-type"]) },
  }).formData();
}

export function answer(response: ServerResponse, text: string, status = 200): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(text);
}

/** The reference implementation the package must agree with: node:crypto (OpenSSL). */
export function nodeCipher(key: Uint8Array, iv: Uint8Array) {
  const algorithm = `aes-${key.length * 8}-cbc`;
  return {
    encryptBytes(plaintext: Uint8Array, autoPadding = true): string {
      const cipher = createCipheriv(algorithm, key, iv).setAutoPadding(autoPadding);
      return Buffer.concat([cipher.update(plaintext), cipher.final()]).toString("base64");
    },
    encrypt(plaintext: string): string {
      return this.encryptBytes(Buffer.from(plaintext, "utf8"));
    },
    decrypt(base64: string): string {
      const decipher = createDecipheriv(algorithm, key, iv);
      return Buffer.concat([
        decipher.update(Buffer.from(base64, "base64")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
