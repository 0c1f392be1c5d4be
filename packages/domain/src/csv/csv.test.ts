import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvByteOrderMark, csvDocument, csvField, csvRow, csvText, readCsv } from "./csv";

describe("csvText (RFC 4180 quoting)", () => {
  it.each([
    ["plain", "plain"],
    ["김씨 대출", "김씨 대출"],
    ["Kim, Lee", '"Kim, Lee"'],
    ['the "big" loan', '"the ""big"" loan"'],
    ["line one\nline two", '"line one\nline two"'],
    ["a\r\nb", '"a\r\nb"'],
    ["", ""],
    ["'quoted already'", "'quoted already'"],
  ])("%j is written %j", (text, field) => {
    expect(csvText(text)).toBe(field);
  });
});

describe("the formula-injection guard (text cells only)", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+821011112222", "'+821011112222"],
    ["-5", "'-5"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["a=1", "a=1"],
    [" =1", " =1"],
  ])("%j is written %j", (text, field) => {
    expect(csvText(text)).toBe(field);
  });

  it("keeps numbers numeric, negative ones included", () => {
    expect(csvField(-5000)).toBe("-5000");
    expect(csvField(1_010_000)).toBe("1010000");
    expect(csvField(11.77)).toBe("11.77");
    expect(csvField(0)).toBe("0");
    expect(csvField(null)).toBe("");
  });

  it("refuses a number that is not finite (a programming error, never a cell)", () => {
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("records and files", () => {
  it("ends every record with CRLF and starts the file with the byte-order mark", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
    const file = csvDocument([
      ["이름", "금액"],
      ['Kim, "Jr"', -1],
    ]);
    expect(file).toBe(`${csvByteOrderMark}이름,금액\r\n"Kim, ""Jr""",-1\r\n`);
    expect(new TextEncoder().encode(file).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("is read back cell for cell by an RFC 4180 reader (the guard's apostrophe aside)", () => {
    const cell = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.constantFrom("=", "+", "-", "@", "\t", "\r", ",", '"', "\n", "\r\n"),
      fc.integer({ min: -1e15, max: 1e15 }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 }),
        (rows) => {
          const text = csvDocument(rows);
          expect(text.startsWith(csvByteOrderMark)).toBe(true);
          const expected = rows.map((row) =>
            row.map((value) => {
              if (value === null) return "";
              if (typeof value === "number") return String(value);
              return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
            }),
          );
          expect(readCsv(text.slice(csvByteOrderMark.length))).toEqual(expected);
        },
      ),
    );
  });
});
