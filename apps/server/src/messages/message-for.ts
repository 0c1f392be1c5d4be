/**
 * Message keys to sentences in the caller's language, through @chayong/i18n's catalogs. Every
 * text the server writes (envelope messages, the login SMS, the contract document) goes through
 * this file, so the server has one place that knows where sentences come from.
 */
import type { MessageKey } from "@chayong/domain";
import {
  hasMessage as catalogHas,
  defaultLocale,
  type Locale,
  negotiateLocale,
  translate,
} from "@chayong/i18n";

export type { Locale };
export { defaultLocale };

/** Texts the server writes that are not answers to a call: the SMS and the contract document. */
export const serverTextKeys = [
  "sms.loginCode",
  "document.title",
  "document.parties",
  "document.lender",
  "document.merchantName",
  "document.licenceNumber",
  "document.borrowerPhone",
  "document.terms",
  "document.contractCode",
  "document.loanAmount",
  "document.disbursedAmount",
  "document.serviceFee",
  "document.loanDate",
  "document.repaymentDate",
  "document.repaymentType",
  "document.single",
  "document.instalments",
  "document.interval",
  "document.overdueRate",
  "document.effectiveAnnualRate",
  "document.schedule",
  "document.instalmentNumber",
  "document.dueDate",
  "document.amount",
  "document.total",
  "document.status",
  "document.notSigned",
  "document.signature",
  "document.signedAt",
  "document.termsHash",
  "document.cancelled",
  "document.weekly",
  "document.fortnightly",
  "document.monthly",
] as const;

export type ServerTextKey = (typeof serverTextKeys)[number];

export type MessageParams = Record<string, string | number>;

export function messageFor(key: MessageKey, locale: Locale, params?: MessageParams): string {
  // A key without a sentence yet would come back as the bare id: say something human instead.
  const id = catalogHas(key) ? key : "common.invalidValue";
  return translate(id, locale, params);
}

/** True when the catalogs hold a sentence for the key. */
export function hasMessage(key: string): boolean {
  return catalogHas(key);
}

/** The message of every envelope with status 200. */
export function okMessage(locale: Locale): string {
  return translate("server.ok", locale);
}

export function serverText(key: ServerTextKey, locale: Locale, params?: MessageParams): string {
  return translate(key, locale, params);
}

/** The caller's language from Accept-Language (ko-KR when none is supported). */
export function localeFromHeader(header: string | undefined): Locale {
  return negotiateLocale(header);
}
