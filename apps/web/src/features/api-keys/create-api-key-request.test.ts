import { createApiKeyRequestSchema as serverSchema } from "@chayong/sdk/server";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { createApiKeyRequestSchema } from "./create-api-key-request";

const verdict = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success
    ? { output: result.output }
    : { issues: result.issues.map((i) => i.message) };
};

describe("the API key form's request", () => {
  it("is the server's request schema: same output, same problems", () => {
    for (const input of [
      { name: "nightly export", scope: "read" },
      { name: "  full tool\u200b ", scope: "full" },
      { name: "", scope: "read" },
      { name: "x".repeat(61), scope: "full" },
      { name: "bad\u0000name", scope: "read" },
      { name: "tool", scope: "admin" },
      { name: "tool", scope: "read", extra: true },
    ]) {
      expect(verdict(createApiKeyRequestSchema, input)).toEqual(verdict(serverSchema, input));
    }
  });
});
