import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseWithKeys } from "../validation";
import {
  cleanText,
  isAcceptableLine,
  isAcceptableMultilineText,
  textField,
  tokenField,
} from "./text";

const name = v.strictObject({
  name: textField({ requiredKey: "contract.name.required", maxLength: 10 }),
});
const reason = v.strictObject({ reason: textField({ maxLength: 20, multiline: true }) });
const keysOf = (schema: v.GenericSchema, input: unknown) => {
  const result = parseWithKeys(schema, input);
  return result.ok ? result.value : result.errors.map((error) => [error.key, error.params ?? null]);
};

describe("textField", () => {
  it.each([
    ["NUL", "Kim\u0000"],
    ["another C0 control", "Kim\u0007Lee"],
    ["DEL", "Kim\u007F"],
    ["a C1 control", "Kim\u0085"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00b"],
    ["a reversed surrogate pair", "a\udc00\ud800b"],
    ["a noncharacter", "Kim\uFFFE"],
    ["a right-to-left override inside", "Kim\u202Egnp.exe"],
    ["a line break in a one-line field", "Kim\nLee"],
  ])("refuses %s with 'text.invalidCharacters'", (_what, value) => {
    expect(keysOf(name, { name: value })).toEqual([["text.invalidCharacters", null]]);
  });

  it.each([
    ["spaces", "   "],
    ["zero-width spaces", "\u200B\u200B"],
    ["right-to-left marks and overrides", "\u200F\u202E\u202C"],
    ["a Hangul filler", "\u3164"],
    ["a byte-order mark and a word joiner", "\uFEFF\u2060"],
    ["a Braille blank", "\u2800"],
    ["an ideographic space", "\u3000"],
  ])("refuses a name made only of %s as empty", (_what, value) => {
    expect(keysOf(name, { name: value })).toEqual([["contract.name.required", null]]);
  });

  it("keeps Korean, Chinese and emoji, trims invisible ends and composes Hangul (NFC)", () => {
    expect(keysOf(name, { name: " \u200B김민수 " })).toEqual({ name: "김민수" });
    expect(keysOf(name, { name: "陳小明" })).toEqual({ name: "陳小明" });
    expect(keysOf(name, { name: "Kim 😀" })).toEqual({ name: "Kim 😀" });
    // An emoji's variation selector belongs to it: kept, even at the end.
    expect(keysOf(name, { name: "Kim ❤\uFE0F" })).toEqual({ name: "Kim ❤\uFE0F" });
    // 한 typed as conjoining jamo (NFD) is stored as the one syllable.
    expect(keysOf(name, { name: "\u1112\u1161\u11AB" })).toEqual({ name: "한" });
  });

  it("names its limit when too long", () => {
    expect(keysOf(name, { name: "가".repeat(11) })).toEqual([["text.tooLong", { max: 10 }]]);
  });

  it("accepts line breaks and tabs in a multi-line field, not controls", () => {
    expect(keysOf(reason, { reason: "first\r\nsecond\tthird" })).toEqual({
      reason: "first\r\nsecond\tthird",
    });
    expect(keysOf(reason, { reason: "a\u0000" })).toEqual([["text.invalidCharacters", null]]);
  });

  it("refuses any string holding a forbidden character, and keeps any that does not (property)", () => {
    const forbidden = fc.constantFrom(
      "\u0000",
      "\u001F",
      "\u007F",
      "\u009F",
      "\ud800",
      "\udfff",
      "\uFDD0",
      "\u202D",
      "\u2067",
    );
    fc.assert(
      fc.property(fc.string(), forbidden, fc.string(), (before, bad, after) => {
        // A lone surrogate next to its partner would form a pair: keep the halves apart.
        const text = `${before}x${bad}x${after}`;
        expect(isAcceptableMultilineText(text)).toBe(false);
        expect(isAcceptableLine(text)).toBe(false);
      }),
    );
    // Whatever passes is well-formed Unicode, and stays so once cleaned (stored as UTF-8 as is).
    const wellFormed = (text: string) =>
      (text as unknown as { isWellFormed(): boolean }).isWellFormed();
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        if (!isAcceptableLine(text)) return;
        expect(wellFormed(text)).toBe(true);
        expect(wellFormed(cleanText(text))).toBe(true);
      }),
    );
  });
});

describe("tokenField", () => {
  const id = v.strictObject({ id: tokenField() });
  it("accepts server-made ids and refuses anything else as an invalid value", () => {
    expect(keysOf(id, { id: "2f1c3a9e-5b7d-4c1e-9f0a-1b2c3d4e5f60" })).toEqual({
      id: "2f1c3a9e-5b7d-4c1e-9f0a-1b2c3d4e5f60",
    });
    for (const bad of ["", "a\u0000b", "a\ud800", "a b", "a".repeat(65), "../etc"]) {
      expect(keysOf(id, { id: bad })).toEqual([["common.invalidValue", null]]);
    }
  });
});
