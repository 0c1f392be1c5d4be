import * as v from "valibot";
import type { MessageKey } from "../messages";

// The one rule for every string a request carries (docs/input-text.md): what people type (names,
// reasons, addresses, search terms) and what clients send back (ids, codes, dates). Every request
// schema builds its strings with `textField` or `tokenField`; a test in @chayong/sdk walks every
// request schema and fails on a string that does not.

/**
 * Characters no string may hold, in any field:
 * - control characters (C0, DEL, C1) other than tab and line breaks: a NUL cannot even be stored
 *   (PostgreSQL text refuses it), and the others are never typed by a person;
 * - lone surrogates: ill-formed UTF-16 that cannot be encoded as UTF-8, so cannot be stored as
 *   sent (PostgreSQL would keep U+FFFD while the answer echoed the original);
 * - noncharacters (U+FDD0-U+FDEF, U+xFFFE/U+xFFFF of the BMP);
 * - bidirectional embedding, override and isolate controls: they reorder how a contract document
 *   shows a name ("Trojan Source" spoofing), and Korean and Chinese text never needs them.
 * Without the `u` flag a surrogate is one code unit, so a lone one can be matched by look-around.
 */
const forbidden =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Line breaks and tabs: allowed only where a field is multi-line by design. */
const lineBreaks = /[\t\n\r\u2028\u2029]/;

/**
 * Characters that show nothing: white space, the default-ignorable code points (zero-width
 * spaces and joiners, direction marks and overrides, soft hyphen, Hangul fillers such as U+3164)
 * and the Braille blank. A name made only of these is empty. Variation selectors are kept: they
 * belong to the character before them (the VS16 of an emoji such as ❤️).
 */
const invisible =
  "(?:(?![\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}])[\\s\\p{Default_Ignorable_Code_Point}\\u2800])";
const invisibleAtEnds = new RegExp(`^${invisible}+|${invisible}+$`, "gu");

/** Whether `value` holds only characters a one-line field accepts. */
export function isAcceptableLine(value: string): boolean {
  return !forbidden.test(value) && !lineBreaks.test(value);
}

/** Whether `value` holds only characters a multi-line field accepts (tabs and line breaks too). */
export function isAcceptableMultilineText(value: string): boolean {
  return !forbidden.test(value);
}

/**
 * The text as stored: invisible characters trimmed from both ends, then in Unicode NFC, so a
 * name typed on a phone whose keyboard composes Hangul differently compares equal.
 */
export function cleanText(value: string): string {
  return value.replace(invisibleAtEnds, "").normalize("NFC");
}

export interface TextFieldOptions {
  /** Reported when the value is missing or, after cleaning, empty; omit for an optional text. */
  requiredKey?: MessageKey;
  /** Longest text accepted, in UTF-16 code units (a Hangul syllable or a Han character is one). */
  maxLength: number;
  /** True for fields people may write several lines in (reasons, notes). */
  multiline?: boolean;
}

/**
 * A field people type: trims invisible characters (so a name made only of them, zero-width
 * spaces or direction overrides, is empty and refused as missing when required), refuses
 * forbidden characters left inside ('text.invalidCharacters') and caps the length
 * ('text.tooLong', with `max`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function textField(options: TextFieldOptions) {
  const acceptable = options.multiline ? isAcceptableMultilineText : isAcceptableLine;
  const { requiredKey, maxLength } = options;
  if (requiredKey === undefined) {
    return v.pipe(
      v.string("common.invalidValue"),
      v.transform(cleanText),
      v.check(acceptable, "text.invalidCharacters"),
      v.maxLength(maxLength, "text.tooLong"),
    );
  }
  return v.pipe(
    v.string(requiredKey),
    v.transform(cleanText),
    v.check(acceptable, "text.invalidCharacters"),
    v.minLength(1, requiredKey),
    v.maxLength(maxLength, "text.tooLong"),
  );
}

export interface TokenFieldOptions {
  /** The whole value must match (anchor it). */
  pattern: RegExp;
  maxLength: number;
}

/** Ids the server made (UUIDs), share codes, cursors and idempotency keys. */
export const tokenPattern = /^[A-Za-z0-9_-]+$/;

/**
 * A machine-made value a client sends back (an id, a share code, a date): the same character
 * rule, then a pattern. Everything wrong with it is `invalidKey`: there is nothing to retype.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tokenField(
  invalidKey: MessageKey = "common.invalidValue",
  options: TokenFieldOptions = { pattern: tokenPattern, maxLength: 64 },
) {
  return v.pipe(
    v.string(invalidKey),
    v.check(isAcceptableLine, invalidKey),
    v.maxLength(options.maxLength, invalidKey),
    v.regex(options.pattern, invalidKey),
  );
}

/** The character checks every request string passes through (the SDK's schema walk uses it). */
export const textRules: readonly ((value: string) => boolean)[] = [
  isAcceptableLine,
  isAcceptableMultilineText,
];
