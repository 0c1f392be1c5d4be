import { type Contract, displayPhone, formatMoney } from "@chayong/domain";
import { formatCalendarDate, formatRecordedInstant } from "@chayong/i18n/lazy";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { contractSignatures } from "../db/schema";
import { type Locale, type ServerTextKey, serverText } from "../messages/message-for";
import type { ContractDocumentInput } from "./contract-document";
import { readContractParties } from "./contract-parties";
import { type ContractRow, summarizeOne } from "./contract-store";

/** One labelled value of the document, as plain text (each renderer escapes or lays it out). */
export interface DocumentField {
  label: string;
  value: string;
  /** `strong`: the figure the reader must not miss; `code`: a hash, shown monospaced. */
  emphasis?: "strong" | "code";
}

export interface DocumentSection {
  title: string;
  fields: DocumentField[];
}

/**
 * What the contract document says, once, in the reader's language: the HTML view
 * (contract-document.ts) and the signed PDF (pdf/render-contract-pdf.ts) only lay it out, so the
 * two never disagree on a label, an amount or a date.
 */
export interface ContractDocumentContent {
  locale: Locale;
  title: string;
  name: string;
  number: DocumentField;
  /** Set when the contract was deleted before signing. */
  cancelled: string | null;
  parties: DocumentSection;
  terms: DocumentSection;
  /** docs/cost-of-credit.md: what the borrower receives, repays, and the annual rate of it. */
  costOfCredit: DocumentSection & { explanation: string };
  schedule: {
    title: string;
    columns: [instalment: string, dueDate: string, amount: string];
    rows: [instalment: string, dueDate: string, amount: string][];
    total: DocumentField;
  };
  signature: {
    title: string;
    /** The "not signed yet" note, or null once signed. */
    pending: string | null;
    fields: DocumentField[];
  };
}

/** The contract, its lender's licence and its signature: what both renderings read. */
export async function readContractDocument(
  db: Db,
  row: ContractRow,
  now: Date,
): Promise<Omit<ContractDocumentInput, "locale">> {
  const [[signature], contract] = await Promise.all([
    db.select().from(contractSignatures).where(eq(contractSignatures.contractId, row.id)),
    summarizeOne(db, row, now),
  ]);
  return {
    contract,
    timeZone: row.timeZone,
    parties: await readContractParties(db, row, signature ?? null),
    signature: signature ?? null,
  };
}

/** The reader's money: `₩1,000,000`, `NT$10,000` (the domain's formatMoney). */
export function formatContractMoney(
  amount: number,
  contract: Pick<Contract, "currency">,
  locale: Locale,
) {
  return formatMoney(amount, contract.currency, { locale });
}

/** Rates to two decimals, as everywhere (docs/cost-of-credit.md, "Shown how"). */
export function formatPercent(value: number, locale: Locale): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`;
}

/** The document's text: labels from the server's catalog, values formatted for the reader. */
export function contractDocumentContent({
  contract,
  timeZone,
  parties,
  signature,
  locale,
}: ContractDocumentInput): ContractDocumentContent {
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    serverText(key, locale, params);
  const money = (amount: number) => formatContractMoney(amount, contract, locale);
  const field = (
    label: ServerTextKey,
    value: string,
    emphasis?: DocumentField["emphasis"],
  ): DocumentField =>
    emphasis ? { label: t(label), value, emphasis } : { label: t(label), value };

  return {
    locale,
    title: t("document.title"),
    name: contract.name,
    number: field("document.contractCode", contract.number, "strong"),
    cancelled: contract.cancelled ? t("document.cancelled") : null,
    parties: {
      title: t("document.parties"),
      fields: [
        field("document.lender", parties.lender.name),
        field("document.merchantName", parties.lender.merchantName),
        ...(parties.lender.licenceNumber
          ? [field("document.licenceNumber", parties.lender.licenceNumber)]
          : []),
        ...(parties.borrower.identity
          ? [
              field("document.borrowerName", parties.borrower.identity.name),
              field("document.borrowerIdNumber", parties.borrower.identity.idNumberMasked),
              field("document.borrowerAddress", parties.borrower.identity.address),
            ]
          : [field("document.borrower", t("document.borrowerToBeVerified"))]),
        field("document.borrowerPhone", displayPhone(parties.borrower.phone)),
      ],
    },
    terms: {
      title: t("document.terms"),
      fields: [
        field("document.loanAmount", money(contract.loanAmount)),
        field("document.disbursedAmount", money(contract.disbursedAmount)),
        field("document.serviceFee", money(contract.serviceFee)),
        field("document.loanDate", formatCalendarDate(contract.loanDate, locale)),
        field(
          contract.instalment ? "document.firstRepaymentDate" : "document.repaymentDate",
          formatCalendarDate(contract.repaymentDate, locale),
        ),
        field(
          "document.repaymentType",
          contract.instalment
            ? t("document.instalments", { count: contract.instalmentCount })
            : t("document.single"),
        ),
        ...(contract.instalment
          ? [field("document.interval", t(`document.${contract.interval}`))]
          : []),
        field("document.overdueRate", formatPercent(contract.overdueRatePercent, locale)),
      ],
    },
    costOfCredit: {
      title: t("document.costOfCredit"),
      fields: [
        field("document.amountReceived", money(contract.amountReceived)),
        field("document.totalRepayable", money(contract.totalRepayable)),
        field("document.creditCost", money(contract.totalRepayable - contract.amountReceived)),
        field(
          "document.effectiveAnnualRate",
          formatPercent(contract.effectiveAnnualRatePercent, locale),
          "strong",
        ),
      ],
      explanation: t("document.costExplanation"),
    },
    schedule: {
      title: t("document.schedule"),
      columns: [t("document.instalmentNumber"), t("document.dueDate"), t("document.amount")],
      rows: contract.schedule.map((instalment) => [
        String(instalment.index),
        formatCalendarDate(instalment.originalDueDate, locale),
        money(instalment.amount),
      ]),
      total: field("document.total", money(contract.totalRepayable)),
    },
    signature: {
      title: t("document.signature"),
      pending: signature === null ? t("document.notSigned") : null,
      fields:
        signature === null
          ? []
          : [
              field(
                "document.signedAt",
                formatRecordedInstant(signature.signedAt, locale, timeZone),
              ),
              field("document.termsHash", signature.termsSha256, "code"),
            ],
    },
  };
}
