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

/**
 * Texts the server writes that are not answers to a call: the SMS, the contract document and
 * the CSV export.
 */
export const serverTextKeys = [
  "sms.loginCode",
  "sms.faceReview.approved",
  "sms.faceReview.refused",
  // Notices to the borrower (docs/notices.md): reminders and receipts.
  "notice.dueSoon",
  "notice.dueToday",
  "notice.overdue1",
  "notice.overdue7",
  "notice.receipt.repayment",
  "notice.receipt.waiver",
  "notice.receipt.renewal",
  "notice.receipt.reversal",
  "document.title",
  "document.parties",
  "document.lender",
  "document.merchantName",
  "document.licenceNumber",
  "document.borrowerPhone",
  "document.borrower",
  "document.borrowerToBeVerified",
  "document.borrowerName",
  "document.borrowerIdNumber",
  "document.borrowerAddress",
  "document.terms",
  "document.contractCode",
  "document.loanAmount",
  "document.disbursedAmount",
  "document.serviceFee",
  "document.loanDate",
  "document.repaymentDate",
  "document.firstRepaymentDate",
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
  "document.costOfCredit",
  "document.amountReceived",
  "document.totalRepayable",
  "document.creditCost",
  "document.costExplanation",
  // The signed contract's PDF: its seal, page numbers and audit page.
  "pdf.sealed",
  "pdf.page",
  "pdf.timeZone",
  "pdf.audit.title",
  "pdf.audit.intro",
  "pdf.audit.time",
  "pdf.audit.actor",
  "pdf.audit.action",
  "pdf.audit.actor.lender",
  "pdf.audit.actor.borrower",
  "pdf.audit.actor.operator",
  "pdf.audit.actor.system",
  "pdf.audit.action.add",
  "pdf.audit.action.open",
  "pdf.audit.action.detail",
  "pdf.audit.action.view",
  "pdf.audit.action.sign",
  "pdf.audit.action.cancel",
  "pdf.audit.action.ledger",
  "pdf.audit.action.pdf",
  "pdf.audit.action.renew",
  "pdf.audit.action.repay",
  "pdf.audit.action.reverse",
  "pdf.audit.action.other",
  "pdf.audit.action.seal",
  "pdf.audit.action.statement",
  "pdf.audit.origin",
  "pdf.audit.verified",
  "pdf.audit.chainHead",
  "pdf.audit.verifyAt",
  // The ledger statement PDF (docs/contract-pdf.md, "The ledger statement").
  "statement.title",
  "statement.asOf",
  "statement.issuedAt",
  "statement.contractPdf",
  "statement.chainHead",
  "statement.entries",
  "statement.date",
  "statement.kind",
  "statement.instalment",
  "statement.empty",
  "statement.balances",
  "statement.repaid",
  "statement.waived",
  "statement.outstanding",
  "statement.note",
  // The CSV export (docs/export.md): column headers, and the labels its cells reuse.
  "export.contractId",
  "export.contractNumber",
  "export.contractName",
  "export.status",
  "export.repaymentType",
  "export.borrowerPhone",
  "export.currency",
  "export.loanAmount",
  "export.disbursedAmount",
  "export.serviceFee",
  "export.amountReceived",
  "export.totalRepayable",
  "export.instalmentCount",
  "export.loanDate",
  "export.repaymentDate",
  "export.nextDueDate",
  "export.repaidAmount",
  "export.waivedAmount",
  "export.outstandingAmount",
  "export.overdueAmount",
  "export.overdueInterest",
  "export.effectiveAnnualRate",
  "export.overdueRate",
  "export.lender",
  "export.merchantName",
  "export.createdOn",
  "export.signedOn",
  "export.instalmentNumber",
  "export.originalDueDate",
  "export.dueDate",
  "export.instalmentAmount",
  "export.daysOverdue",
  "export.entryNumber",
  "export.entryKind",
  "export.amount",
  "export.effectiveOn",
  "export.newDueDate",
  "export.reversesEntry",
  "export.reversedBy",
  "export.reason",
  "export.recordedOn",
  "contract.status.type1",
  "contract.status.type2",
  "contract.status.type3",
  "contract.status.type4",
  "contract.status.type5",
  "contract.status.type6",
  "contract.type.single",
  "contract.type.instalment",
  "ledger.kind.repayment",
  "ledger.kind.waiver",
  "ledger.kind.renewal",
  "ledger.kind.reversal",
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
/**
 * The language of a text sent to someone who is not asking (an SMS notice): the one of the
 * contract's jurisdiction, since the server keeps no language per person.
 */
export function localeOfJurisdiction(jurisdiction: "KR" | "TW"): Locale {
  return jurisdiction === "TW" ? "zh-TW" : "ko-KR";
}

export function localeFromHeader(header: string | undefined): Locale {
  return negotiateLocale(header);
}
