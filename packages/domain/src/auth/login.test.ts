import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { parseWithKeys } from "../validation";
import { loginRequestSchema, sendCodeRequestSchema } from "./login";

describe("login schemas (docs/validation.md#login)", () => {
  it.each<[string, unknown, MessageKey, string]>([
    ["phone missing", { code: "123456" }, "login.phone.required", "phone"],
    ["phone blank", { phone: " ", code: "123456" }, "login.phone.required", "phone"],
    ["phone invalid", { phone: "0101", code: "123456" }, "phone.invalid", "phone"],
    ["code missing", { phone: "01012345678" }, "login.code.required", "code"],
    ["code too short", { phone: "01012345678", code: "12345" }, "login.code.invalid", "code"],
    ["code not digits", { phone: "01012345678", code: "12a456" }, "login.code.invalid", "code"],
  ])("%s -> %s", (_name, input, key, field) => {
    const result = parseWithKeys(loginRequestSchema, input);
    expect(result.ok ? [] : result.errors).toContainEqual({ kind: "validation", key, field });
  });

  it("normalises the phone to E.164", () => {
    expect(parseWithKeys(loginRequestSchema, { phone: "010-1234-5678", code: " 123456 " })).toEqual(
      {
        ok: true,
        value: { phone: "+821012345678", code: "123456" },
      },
    );
    expect(parseWithKeys(sendCodeRequestSchema, { phone: "+886 912 345 678" })).toEqual({
      ok: true,
      value: { phone: "+886912345678" },
    });
  });
});
