import { afterEach, expect } from "vitest";
import { isTransportError, type TransportError } from "../errors/transport-error.ts";
import { type Handler, startTestServer, type TestServer } from "./test-server.ts";

/**
 * For a test file: a `serve(handler)` that starts a test server, every one of them closed after
 * each test. Call it once at the top level of the file (it registers the `afterEach`).
 */
export function serveEachTest(): (handler: Handler) => Promise<TestServer> {
  let servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });
  return async (handler) => {
    const started = await startTestServer(handler);
    servers.push(started);
    return started;
  };
}

/** The TransportError a call rejects with; fails the test when it resolves or throws another. */
export async function rejection(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    expect(isTransportError(error)).toBe(true);
    return error as TransportError;
  }
  throw new Error("expected the call to reject");
}
