import { describe, expect, it } from "vitest";
import { failures } from "./failures.ts";
import { transportMessageKeys } from "./message-keys.ts";
import { isTransportError, type TransportError } from "./transport-error.ts";

describe("TransportError", () => {
  it("carries only the details it was given, as read-only fields", () => {
    const error = failures.httpStatus(404);
    expect(Object.keys(error).sort()).toEqual([
      "httpStatus",
      "kind",
      "messageKey",
      "name",
      "params",
    ]);
    expect(() => {
      (error as { httpStatus: number }).httpStatus = 200;
    }).toThrow(TypeError);
  });

  it("is recognised across bundles by name and kind", () => {
    const foreign = Object.assign(new Error("x"), { name: "TransportError", kind: "timeout" });
    expect(isTransportError(foreign)).toBe(true);
    expect(isTransportError(new Error("x"))).toBe(false);
    expect(isTransportError({ name: "TransportError", kind: "timeout" })).toBe(false);
    expect(isTransportError(failures.missingUrl())).toBe(true);
  });

  it("every failure uses a key from the published list", () => {
    const envelope = { status: 500, message: "m", body: null };
    const made: TransportError[] = [
      failures.httpStatus(500),
      failures.invalidData(new Error()),
      failures.sessionEnded({ ...envelope, status: 301 }),
      failures.serverError(envelope),
      failures.serverError({ ...envelope, statusCode: 500 }),
      failures.envelopeStatus({ ...envelope, status: 409 }),
      failures.unreachable(new Error()),
      failures.timeout(1),
      failures.aborted(new Error()),
      failures.missingUrl(),
      failures.prepareFailed(new Error("why")),
      failures.filesNotArray(),
      failures.fileTooLarge(0, 2, 1),
      failures.noUploadToken(),
    ];
    const keys: readonly string[] = transportMessageKeys;
    for (const error of made) expect(keys).toContain(error.messageKey);
    expect(new Set(made.map((e) => e.kind)).size).toBe(13);
  });
});
