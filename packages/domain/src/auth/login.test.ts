import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { parseWithKeys } from "../validation";
import { loginRequestSchema, sendCodeRequestSchema } from "./login";
import { loginFieldsSchema, sendCodeFieldsSchema } from "./login-fields";

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

  it("before sending, a login screen checks what it can without the phone rules", () => {
    for (const [input, key, field] of [
      [{ code: "123456" }, "login.phone.required", "phone"],
      [{ phone: " ", code: "123456" }, "login.phone.required", "phone"],
      [{ phone: "01012345678", code: "12345" }, "login.code.invalid", "code"],
    ] as const) {
      const result = parseWithKeys(loginFieldsSchema, input);
      expect(result.ok ? [] : result.errors).toContainEqual({ kind: "validation", key, field });
    }
    // A number that cannot receive SMS is the server's to refuse; what passes here is a request.
    const typed = parseWithKeys(loginFieldsSchema, { phone: " 0101 ", code: "123456" });
    expect(typed).toEqual({ ok: true, value: { phone: "0101", code: "123456" } });
    expect(parseWithKeys(loginRequestSchema, typed.ok ? typed.value : {})).toMatchObject({
      ok: false,
    });
    const phone = parseWithKeys(sendCodeFieldsSchema, { phone: "010-1234-5678" });
    expect(phone.ok && parseWithKeys(sendCodeRequestSchema, phone.value).ok).toBe(true);
  });
});
