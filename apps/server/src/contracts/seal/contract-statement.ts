import { randomUUID } from "node:crypto";
import {
  type ContractTerms,
  type Currency,
  formatMoney,
  replayLedger,
  todayIn,
} from "@chayong/domain";
import { formatCalendarDate, formatRecordedInstant } from "@chayong/i18n/lazy";
import { actorOf, recordAudit } from "../../audit/audit";
import { readChainHead } from "../../audit/audit-chain";
import type { Call } from "../../calls/call";
import type { Caller } from "../../calls/caller";
import { contractStatements } from "../../db/schema";
import { type ServerTextKey, serverText } from "../../messages/message-for";
import { readContractParties } from "../contract-parties";
import { type ContractRow, loadLedger } from "../contract-store";
import { renderStatementPdfOffThread } from "../pdf/pdf-thread";
import { type ContractSeal, producer, signatureFieldsOf, verifyPagePath } from "./contract-seal";

const kindKeys = {
  repayment: "ledger.kind.repayment",
  waiver: "ledger.kind.waiver",
  renewal: "ledger.kind.renewal",
  reversal: "ledger.kind.reversal",
} as const satisfies Record<string, ServerTextKey>;

/**
 * Issues a ledger statement (docs/contract-pdf.md, "The ledger statement"): the money events of
 * a signed contract and each instalment's balance today, in the caller's language, with the sealed
 * contract's hash and the audit chain's head; signed like the contract, kept in the file store
 * under its SHA-256 (so `document.verify` knows it) and audited. Each call issues a new one.
 */
export async function issueStatement(
  { ctx, caller, ip, device, origin, locale, now }: Call<Caller>,
  row: ContractRow,
  seal: ContractSeal,
): Promise<{ bytes: Uint8Array; asOf: string }> {
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    serverText(key, locale, params);
  const money = (amount: number) => formatMoney(amount, row.currency as Currency, { locale });
  const asOf = todayIn(row.timeZone, now);
  const [certificate, ledger, parties, head] = await Promise.all([
    ctx.signingCertificate(),
    loadLedger(ctx.db, row.id),
    readContractParties(ctx.db, row),
    readChainHead(ctx.db),
  ]);
  const replay = replayLedger(row.terms as ContractTerms, ledger, asOf);
  const borrower = parties.borrower.identity?.name ?? parties.borrower.phone;
  const { bytes } = await renderStatementPdfOffThread({
    locale,
    title: t("statement.title"),
    name: row.name,
    number: { label: t("document.contractCode"), value: row.number },
    fields: [
      { label: t("document.lender"), value: parties.lender.name },
      { label: t("document.borrower"), value: borrower },
      { label: t("statement.asOf"), value: formatCalendarDate(asOf, locale), emphasis: "strong" },
      { label: t("statement.issuedAt"), value: formatRecordedInstant(now, locale, row.timeZone) },
      { label: t("statement.contractPdf"), value: seal.pdfSha256, emphasis: "code" },
      { label: t("statement.chainHead"), value: `#${head.seq} ${head.hash}`, emphasis: "code" },
    ],
    entries: {
      title: t("statement.entries"),
      columns: [
        t("statement.date"),
        t("statement.kind"),
        t("statement.instalment"),
        t("document.amount"),
      ],
      rows: ledger.map((entry) => [
        formatCalendarDate(entry.date, locale),
        t(kindKeys[entry.kind]),
        String(entry.instalmentIndex),
        // A renewal moves a due date instead of money: it shows the new date.
        entry.amount !== null
          ? money(entry.amount)
          : entry.newDueDate !== null
            ? `→ ${formatCalendarDate(entry.newDueDate, locale)}`
            : "-",
      ]),
      empty: t("statement.empty"),
    },
    balances: {
      title: t("statement.balances"),
      columns: [
        t("document.instalmentNumber"),
        t("document.dueDate"),
        t("document.amount"),
        t("statement.repaid"),
        t("statement.waived"),
        t("statement.outstanding"),
      ],
      rows: replay.balances.instalments.map((instalment) => [
        String(instalment.index),
        formatCalendarDate(instalment.dueDate, locale),
        money(instalment.amount),
        money(instalment.repaid),
        money(instalment.waived),
        money(instalment.outstanding),
      ]),
    },
    note: t("statement.note", { url: `${origin}${verifyPagePath}` }),
    issuedAt: now,
    author: parties.lender.name,
    pageLabel: t("pdf.page", { page: "{page}", pages: "{pages}" }),
    producer,
    seal: {
      certificate,
      fields: signatureFieldsOf(
        `ledger statement of contract ${row.number} as of ${asOf}`,
        origin,
        now,
      ),
    },
  });
  const fileKey = await ctx.files.put(bytes, "application/pdf");
  const pdfSha256 = fileKey.slice(0, 64);
  await ctx.db.transaction(async (tx) => {
    // Two statements asked in the same second can be the same bytes (the dates have one-second
    // resolution and the signature is deterministic): one row, an audit row for each.
    await tx
      .insert(contractStatements)
      .values({
        id: randomUUID(),
        contractId: row.id,
        pdfSha256,
        fileKey,
        locale,
        issuedAt: now,
        asOf,
        chainSeq: head.seq,
        chainHash: head.hash,
        certificateSha256: certificate.certificateSha256,
      })
      .onConflictDoNothing();
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: "contract.statement",
      subjectId: row.id,
      ip,
      device,
      at: now,
      details: { pdfSha256, asOf, entries: ledger.length },
    });
  });
  return { bytes, asOf };
}
