import { eq } from "drizzle-orm";
import { recordAudit } from "../../audit/audit";
import { readChainHead } from "../../audit/audit-chain";
import type { ServerContext } from "../../context";
import { contractSeals, contracts } from "../../db/schema";
import { type Locale, type ServerTextKey, serverText } from "../../messages/message-for";
import { contractDocumentContent, readContractDocument } from "../contract-document-content";
import type { ContractRow } from "../contract-store";
import { contractAuditLines } from "../pdf/audit-page";
import { renderContractPdfOffThread } from "../pdf/pdf-thread";
import { type SignatureFields, sealReason } from "./sign-pdf";

/** The PDF's creator and producer in its metadata, and the signer's name. */
export const producer = "Chayong";

export type ContractSeal = typeof contractSeals.$inferSelect;

/** Where anyone checks a sealed PDF (docs/contract-pdf.md, "Verifying"). */
export const verifyPagePath = "/#/pages/verify";

/**
 * The signature dictionary of a PDF this deployment signs (a sealed contract, a statement): the
 * product's name, what it is (ASCII: sealReason), where it was made and where to check it.
 */
export function signatureFieldsOf(what: string, origin: string, at: Date): SignatureFields {
  return {
    name: producer,
    reason: sealReason(what),
    location: origin,
    contactInfo: `${origin}${verifyPagePath}`,
    signedAt: at,
  };
}

/** The contract's seal, or null while it has none. */
export async function findSeal(
  ctx: Pick<ServerContext, "db">,
  contractId: string,
): Promise<ContractSeal | null> {
  const [seal] = await ctx.db
    .select()
    .from(contractSeals)
    .where(eq(contractSeals.contractId, contractId));
  return seal ?? null;
}

/** Seals being made in this process, by contract: a second caller waits for the first. */
const inFlight = new Map<string, Promise<ContractSeal>>();

/**
 * The signed contract's sealed PDF (docs/contract-pdf.md, "Sealing"): made once, then found.
 * Rendered in `locale` with the audit trail up to now and the audit chain's head, signed with the
 * deployment's certificate, stored under its SHA-256; the seal row and its `contract.seal` audit
 * row land together. Two processes sealing one contract at once both render, one row wins, and
 * the other answers the winner's seal (its own file, never named, is removed).
 */
export function sealContract(
  ctx: ServerContext,
  row: ContractRow,
  options: { locale: Locale; origin: string; occasion: "signing" | "download"; now: Date },
): Promise<ContractSeal> {
  const running = inFlight.get(row.id);
  if (running !== undefined) return running;
  const sealing = makeSeal(ctx, row, options).finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, sealing);
  return sealing;
}

async function makeSeal(
  ctx: ServerContext,
  row: ContractRow,
  { locale, origin, occasion, now }: Parameters<typeof sealContract>[2],
): Promise<ContractSeal> {
  const existing = await findSeal(ctx, row.id);
  if (existing !== null) return existing;
  const [certificate, document] = await Promise.all([
    ctx.signingCertificate(),
    readContractDocument(ctx.db, row, now),
  ]);
  const { signature } = document;
  if (signature === null) throw new Error(`contract ${row.id} is not signed: nothing to seal`);
  // The page lists the contract's events and names the chain's head after them, so a later
  // rewrite of the log contradicts the PDF.
  const auditLines = await contractAuditLines(ctx.db, row, locale);
  // Read after the lines, never beside them: every event the page lists is under this head.
  const head = await readChainHead(ctx.db);
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    serverText(key, locale, params);
  const content = contractDocumentContent({ ...document, locale });
  const { bytes } = await renderContractPdfOffThread({
    content,
    // As stored: the PDF thread crops it to its ink (a PNG decode and encode, off this loop too).
    signaturePng: Buffer.from(signature.imagePng, "base64"),
    signedAt: signature.signedAt,
    termsSha256: signature.termsSha256,
    author: document.contract.lender,
    audit: {
      title: t("pdf.audit.title"),
      intro: t("pdf.audit.intro"),
      timeZone: t("pdf.timeZone", { timeZone: row.timeZone }),
      columns: [t("pdf.audit.time"), t("pdf.audit.actor"), t("pdf.audit.action")],
      lines: auditLines,
      notes: [
        t("pdf.audit.chainHead", { seq: head.seq, hash: head.hash }),
        t("pdf.audit.verifyAt", { url: `${origin}${verifyPagePath}` }),
      ],
    },
    sealNote: t("pdf.sealed"),
    // The numbers are filled in per page by the renderer.
    pageLabel: t("pdf.page", { page: "{page}", pages: "{pages}" }),
    producer,
    seal: {
      certificate,
      fields: signatureFieldsOf(`contract ${document.contract.number}`, origin, now),
    },
  });
  const fileKey = await ctx.files.put(bytes, "application/pdf");
  const pdfSha256 = fileKey.slice(0, 64);
  const won = await ctx.db.transaction(async (tx) => {
    // Under the contract's row lock: one seal per contract, its audit row beside it.
    await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.id, row.id))
      .for("update");
    const [inserted] = await tx
      .insert(contractSeals)
      .values({
        contractId: row.id,
        pdfSha256,
        fileKey,
        locale,
        sealedAt: now,
        chainSeq: head.seq,
        chainHash: head.hash,
        certificateSha256: certificate.certificateSha256,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted === undefined) return null;
    await recordAudit(tx, {
      actor: { userId: null, role: null },
      action: "contract.seal",
      subjectId: row.id,
      ip: null,
      at: now,
      details: {
        pdfSha256,
        chainSeq: head.seq,
        locale,
        certificateSha256: certificate.certificateSha256,
        occasion,
      },
    });
    return inserted;
  });
  if (won !== null) return won;
  const winner = await findSeal(ctx, row.id);
  if (winner === null) throw new Error(`contract ${row.id}: its seal vanished`);
  if (winner.fileKey !== fileKey) await ctx.files.delete(fileKey);
  return winner;
}

/** The sealed PDF's bytes, as stored. */
export async function sealedPdfBytes(ctx: ServerContext, seal: ContractSeal): Promise<Uint8Array> {
  const bytes = await ctx.files.get(seal.fileKey);
  if (bytes === null)
    throw new Error(`the sealed PDF ${seal.fileKey} is missing from the file store`);
  return bytes;
}

/** The language a contract sealed at its first download is rendered in: its jurisdiction's. */
export function jurisdictionLocale(row: Pick<ContractRow, "jurisdiction">): Locale {
  return row.jurisdiction === "TW" ? "zh-TW" : "ko-KR";
}
