/**
 * The compiled catalogs. `lingui compile` turns src/locales/<locale>/messages.po into
 * messages.mjs in every build and test run; tsup bundles them, so consumers need no macro,
 * no babel step and no PO loader.
 */
import type { Messages } from "@lingui/core";
import type { Locale } from "./locale";
import { messages as koKR } from "./locales/ko-KR/messages.mjs";
import { messages as zhTW } from "./locales/zh-TW/messages.mjs";

export const catalogs: Readonly<Record<Locale, Messages>> = {
  "ko-KR": koKR,
  "zh-TW": zhTW,
};

/** Every message id, sorted. ko-KR is the reference: tests keep zh-TW's set identical. */
export const messageIds: readonly string[] = Object.keys(koKR).sort();

const messageIdSet: ReadonlySet<string> = new Set(messageIds);

export function hasMessage(id: string): boolean {
  return messageIdSet.has(id);
}
