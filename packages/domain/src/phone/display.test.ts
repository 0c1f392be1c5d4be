import fc from "fast-check";
import examples from "libphonenumber-js/examples.mobile.json" with { type: "json" };
import {
  type CountryCode,
  getExampleNumber,
  type NumberType,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { displayPhone, maskPhone } from "./display";

// The reference: libphonenumber's own national format (what displayPhone replaced). Only this
// test imports libphonenumber; display.ts must not.
function libphonenumberNational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatNational() : e164;
}

const regions = {
  KR: {
    callingCode: "82",
    lengths: [5, 6, 8, 9, 10, 11, 12, 13, 14],
    // Starts of every kind of KR number: area codes, mobile, nationwide (15xx/16xx/18xx),
    // premium, personal, pager, VoIP, toll-free (080, 00308, 00798, 00368).
    starts: [
      "2",
      "31",
      "32",
      "33",
      "41",
      "42",
      "43",
      "44",
      "51",
      "52",
      "53",
      "54",
      "55",
      "61",
      "62",
      "63",
      "64",
      "10",
      "11",
      "16",
      "17",
      "18",
      "19",
      "15",
      "1522",
      "1588",
      "1600",
      "1644",
      "1800",
      "30",
      "60",
      "70",
      "80",
      "50",
      "00308",
      "00798",
      "00368",
      "3",
      "4",
      "5",
      "6",
    ],
  },
  TW: {
    callingCode: "886",
    lengths: [7, 8, 9, 10, 11],
    starts: [
      "2",
      "22",
      "3",
      "37",
      "4",
      "49",
      "5",
      "50",
      "55",
      "6",
      "7",
      "70",
      "7010",
      "8",
      "80",
      "82",
      "826",
      "83",
      "89",
      "9",
      "99",
      "202",
      "400",
      "412",
      "2200",
    ],
  },
} as const;

type Region = keyof typeof regions;

/** A valid number (libphonenumber's full metadata) of the region, in E.164. */
function validNumber(region: Region): fc.Arbitrary<string> {
  const { callingCode, lengths, starts } = regions[region];
  return fc
    .tuple(fc.constantFrom(...starts), fc.constantFrom(...lengths))
    .filter(([start, length]) => length >= start.length)
    .chain(([start, length]) =>
      fc
        .string({
          unit: fc.constantFrom(..."0123456789"),
          minLength: length - start.length,
          maxLength: length - start.length,
        })
        .map((tail) => `+${callingCode}${start}${tail}`),
    )
    .filter((e164) => {
      const parsed = parsePhoneNumberFromString(e164);
      return parsed?.isValid() === true && parsed.country === region;
    });
}

/** Libphonenumber's example number of each region, varied in its last digits while valid. */
function variedExample(region: Region): fc.Arbitrary<string> {
  const example = getExampleNumber(region as CountryCode, examples);
  const national = example?.nationalNumber ?? "";
  return fc
    .tuple(fc.integer({ min: 1, max: national.length - 1 }), fc.nat())
    .map(([keep, digits]) => {
      const tail = String(digits)
        .padStart(national.length - keep, "0")
        .slice(-(national.length - keep));
      return `+${regions[region].callingCode}${national.slice(0, keep)}${tail}`;
    })
    .filter((e164) => parsePhoneNumberFromString(e164)?.isValid() === true);
}

describe("displayPhone", () => {
  it.each([
    ["+821012345678", "010-1234-5678"],
    ["+8225551234", "02-555-1234"],
    ["+82315551234", "031-555-1234"],
    ["+82311234567", "031-123-4567"],
    ["+827012345678", "070-1234-5678"],
    ["+8215881234", "1588-1234"],
    ["+82801234567", "080-123-4567"],
    ["+886912345678", "0912 345 678"],
    ["+886223456789", "02 2345 6789"],
    ["+88671234567", "07 123 4567"],
  ])("shows %s as %s, as libphonenumber does", (e164, shown) => {
    expect(displayPhone(e164)).toBe(shown);
    expect(libphonenumberNational(e164)).toBe(shown);
  });

  it("agrees with libphonenumber's national format on every valid KR and TW number", () => {
    const anyValid = fc.oneof(
      validNumber("KR"),
      validNumber("TW"),
      variedExample("KR"),
      variedExample("TW"),
    );
    fc.assert(
      fc.property(anyValid, (e164) => {
        expect(displayPhone(e164)).toBe(libphonenumberNational(e164));
      }),
      { numRuns: 3000 },
    );
  });

  it("is checked on every kind of number the two regions have", () => {
    // The agreement above is only as good as the numbers it tries: make sure they cover each
    // type of number of each region (not only mobiles).
    const kinds = (region: Region) =>
      new Set(
        fc
          .sample(validNumber(region), { numRuns: 3000, seed: 7 })
          .map((e164) => parsePhoneNumberFromString(e164)?.getType()),
      );
    const expected: Record<Region, NumberType[]> = {
      KR: [
        "FIXED_LINE",
        "MOBILE",
        "TOLL_FREE",
        "PREMIUM_RATE",
        "PERSONAL_NUMBER",
        "UAN",
        "PAGER",
        "VOIP",
      ],
      TW: ["FIXED_LINE", "MOBILE", "TOLL_FREE", "PREMIUM_RATE", "PERSONAL_NUMBER", "UAN", "VOIP"],
    };
    for (const region of ["KR", "TW"] as const) {
      expect([...kinds(region)].sort()).toEqual(expect.arrayContaining(expected[region]));
    }
  });

  it("shows anything that is not a KR or TW number in E.164 as it is", () => {
    expect(displayPhone("+15551234567")).toBe("+15551234567");
    expect(displayPhone("+14155552671")).toBe("+14155552671");
    expect(displayPhone("not a phone")).toBe("not a phone");
    expect(displayPhone("")).toBe("");
    expect(displayPhone("01012345678")).toBe("01012345678");
    expect(displayPhone("+82")).toBe("+82");
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\+(82|886)/.test(text));
        expect(displayPhone(text)).toBe(text);
      }),
    );
  });

  it("does not load libphonenumber", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(new URL("./display.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/from\s+"libphonenumber/);
  });
});

describe("maskPhone", () => {
  it("keeps the first and last groups of a KR or TW number and stars the rest", () => {
    expect(maskPhone("+821012345678")).toBe("010-****-5678");
    expect(maskPhone("+886912345678")).toBe("0912 *** 678");
    expect(maskPhone("+8225551234")).toBe("02-***-1234");
  });

  it("keeps only the last four digits of a number it cannot group", () => {
    expect(maskPhone("+15551234567")).toBe("*******4567");
  });
});
