/**
 * How a stored phone number (E.164) is shown: the national format of libphonenumber, for the
 * two regions the product accepts (docs/login.md#phone-numbers), without libphonenumber. Lists show a phone on
 * every row; shipping libphonenumber and its metadata to the browser for that alone cost more
 * than a tenth of the entry route's budget. The rules below are libphonenumber-js 1.13.16's
 * formats for KR and TW (metadata `formats`), applied the way its `formatNational` does;
 * display.test.ts checks that they agree on generated valid numbers, so a metadata change that
 * matters shows up there.
 */

interface NationalFormat {
  /** The whole national number, as groups. */
  pattern: RegExp;
  /** The groups joined; the first group carries the national prefix when `prefixed`. */
  format: string;
  /** The number must start like this (libphonenumber's most detailed leading-digits pattern). */
  leadingDigits: RegExp;
}

interface DisplayRegion {
  callingCode: string;
  /** The region's national numbers (libphonenumber's general description). */
  nationalNumber: RegExp;
  formats: readonly NationalFormat[];
}

/* @__NO_SIDE_EFFECTS__ */
function format(
  pattern: string,
  groups: string,
  leadingDigits: string,
  prefixed = true,
): NationalFormat {
  return {
    pattern: new RegExp(`^(?:${pattern})$`),
    format: prefixed ? groups.replace("$1", "0$1") : groups,
    leadingDigits: new RegExp(`^(?:${leadingDigits})`),
  };
}

// Longer calling code first: +886 must not be read as +88 6.
const regions: readonly DisplayRegion[] = [
  {
    callingCode: "886",
    nationalNumber: /^(?:[2-689]\d{8}|7\d{9,10}|[2-8]\d{7}|2\d{6})$/,
    formats: [
      format("(\\d{2})(\\d)(\\d{4})", "$1 $2 $3", "202"),
      format("(\\d{3})(\\d{5})", "$1 $2", "826"),
      format("(\\d{3})(\\d{2})(\\d{3})", "$1 $2 $3", "83"),
      format("(\\d{2})(\\d{2})(\\d{4})", "$1 $2 $3", "82"),
      format("(\\d{2})(\\d{3})(\\d{3,4})", "$1 $2 $3", "[25]0|37|49|8[09]"),
      format("(\\d)(\\d{3,4})(\\d{4})", "$1 $2 $3", "[23568]|4(?:0[2-48]|[1-478])|(?:400|7)[1-9]"),
      format("(\\d{3})(\\d{3})(\\d{3})", "$1 $2 $3", "[49]"),
      format("(\\d{2})(\\d{4})(\\d{4,5})", "$1 $2 $3", "7"),
    ],
  },
  {
    callingCode: "82",
    nationalNumber:
      /^(?:00[1-9]\d{8,11}|(?:[12]|5\d{3})\d{7}|[13-6]\d{9}|(?:[1-6]\d|80)\d{7}|[3-6]\d{4,5}|(?:00|7)0\d{8})$/,
    formats: [
      format("(\\d{2})(\\d{3,4})", "$1-$2", "(?:3[1-3]|[46][1-4]|5[1-5])1"),
      // Nationwide numbers (1588-1234) are dialled without the national prefix.
      format("(\\d{4})(\\d{4})", "$1-$2", "1", false),
      format("(\\d)(\\d{3,4})(\\d{4})", "$1-$2-$3", "2"),
      format("(\\d{2})(\\d{3})(\\d{4})", "$1-$2-$3", "[36]0|8"),
      format("(\\d{2})(\\d{3,4})(\\d{4})", "$1-$2-$3", "[1346]|5[1-5]"),
      format("(\\d{2})(\\d{4})(\\d{4})", "$1-$2-$3", "[57]"),
      format("(\\d{2})(\\d{5})(\\d{4})", "$1-$2-$3", "5"),
    ],
  },
];

// Digits after a +; KR toll-free numbers (00798...) run past E.164's 15 digits.
const e164 = /^\+[1-9]\d+$/;

/**
 * An E.164 number as people read it at home: `+821012345678` -> `010-1234-5678`,
 * `+8225551234` -> `02-555-1234`, `+886912345678` -> `0912 345 678`. Anything that is not a
 * KR or TW number in E.164 is shown as it is.
 */
export function displayPhone(phone: string): string {
  if (!e164.test(phone)) return phone;
  const region = regions.find((candidate) => phone.startsWith(`+${candidate.callingCode}`));
  if (region === undefined) return phone;
  const national = phone.slice(region.callingCode.length + 1);
  if (!region.nationalNumber.test(national)) return phone;
  const chosen = region.formats.find(
    (candidate) => candidate.leadingDigits.test(national) && candidate.pattern.test(national),
  );
  // libphonenumber shows a number no format covers as its bare national digits.
  return chosen === undefined ? national : national.replace(chosen.pattern, chosen.format);
}

/**
 * A phone shown to someone who may know only that it exists (a borrower logged in with another
 * number): the first and last groups kept, the digits between starred — `+821012345678` ->
 * `010-****-5678`, `+886912345678` -> `0912 *** 678`. A number in fewer groups keeps only its
 * last four digits.
 */
export function maskPhone(phone: string): string {
  const shown = displayPhone(phone);
  const groups = shown.split(/([ -])/);
  if (groups.length >= 5) {
    const last = groups.length - 1;
    return groups
      .map((group, index) =>
        index === 0 || index === last || index % 2 === 1 ? group : group.replace(/\d/g, "*"),
      )
      .join("");
  }
  const digits = shown.replace(/\D/g, "");
  return `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
