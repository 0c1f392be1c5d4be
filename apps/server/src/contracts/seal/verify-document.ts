import { createHash } from "node:crypto";
import type { DocumentVerification } from "@chayong/sdk/server";
import { eq, sql } from "drizzle-orm";
import type { ServerContext } from "../../context";
import { rowsOf } from "../../db/database";
import { contractSeals, contractSignatures, contractStatements, contracts } from "../../db/schema";
import { readPdfSignature } from "./sign-pdf";

/**
 * Checks a PDF anyone hands in (docs/contract-pdf.md, "Verifying"). Valid only when its bytes are
 * exactly a PDF this deployment sealed or issued (a contract, a ledger statement): found by
 * SHA-256 among the seals and the statements, so one changed byte
 * anywhere makes it another file. Otherwise the reason, read from its signature: none, another
 * signer's certificate, or this deployment's certificate on bytes that are not the ones sealed.
 */
export async function verifyDocument(
  ctx: Pick<ServerContext, "db">,
  bytes: Uint8Array,
): Promise<DocumentVerification> {
  const pdfSha256 = createHash("sha256").update(bytes).digest("hex");
  const invalid = (reason: NonNullable<DocumentVerification["reason"]>): DocumentVerification => ({
    valid: false,
    reason,
    document: null,
    pdfSha256,
    contractNumber: null,
    signedAt: null,
    sealedAt: null,
    termsSha256: null,
    timeZone: null,
  });
  if (!Buffer.from(bytes.subarray(0, 5)).equals(Buffer.from("%PDF-"))) return invalid("notPdf");
  const [sealed] = await ctx.db
    .select({
      number: contracts.number,
      timeZone: contracts.timeZone,
      signedAt: contractSignatures.signedAt,
      termsSha256: contractSignatures.termsSha256,
      sealedAt: contractSeals.sealedAt,
    })
    .from(contractSeals)
    .innerJoin(contracts, eq(contracts.id, contractSeals.contractId))
    .innerJoin(contractSignatures, eq(contractSignatures.contractId, contractSeals.contractId))
    .where(eq(contractSeals.pdfSha256, pdfSha256));
  if (sealed !== undefined) {
    return {
      valid: true,
      reason: null,
      document: "contract",
      pdfSha256,
      contractNumber: sealed.number,
      signedAt: sealed.signedAt.toISOString(),
      sealedAt: sealed.sealedAt.toISOString(),
      termsSha256: sealed.termsSha256,
      timeZone: sealed.timeZone,
    };
  }
  const [statement] = await ctx.db
    .select({
      number: contracts.number,
      timeZone: contracts.timeZone,
      signedAt: contractSignatures.signedAt,
      termsSha256: contractSignatures.termsSha256,
      issuedAt: contractStatements.issuedAt,
    })
    .from(contractStatements)
    .innerJoin(contracts, eq(contracts.id, contractStatements.contractId))
    .innerJoin(contractSignatures, eq(contractSignatures.contractId, contractStatements.contractId))
    .where(eq(contractStatements.pdfSha256, pdfSha256));
  if (statement !== undefined) {
    return {
      valid: true,
      reason: null,
      document: "statement",
      pdfSha256,
      contractNumber: statement.number,
      signedAt: statement.signedAt.toISOString(),
      sealedAt: statement.issuedAt.toISOString(),
      termsSha256: statement.termsSha256,
      timeZone: statement.timeZone,
    };
  }
  const signature = readPdfSignature(bytes);
  if (signature === null) return invalid("notSigned");
  const signer = signature.signerCertificateSha256;
  if (signer === null || !(await isOwnCertificate(ctx, signer))) return invalid("otherSigner");
  // "Changed" only when the signature itself holds: this deployment signed those bytes, and the
  // file is not the one it kept (something was appended after them). Our certificate is in every
  // sealed PDF, so naming it proves nothing: a signature in its name that does not hold is
  // "broken", an altered or a forged file, never vouched for as once sealed.
  return invalid(signature.intact ? "changed" : "broken");
}

/**
 * A certificate this deployment sealed or issued with: read from its records only, so a
 * stranger's upload never makes or reads the signing key.
 */
async function isOwnCertificate(
  ctx: Pick<ServerContext, "db">,
  certificateSha256: string,
): Promise<boolean> {
  const [used] = rowsOf<{ found: number }>(
    await ctx.db.execute(
      sql`select 1 as found from ${contractSeals} where ${contractSeals.certificateSha256} = ${certificateSha256} union all select 1 from ${contractStatements} where ${contractStatements.certificateSha256} = ${certificateSha256} limit 1`,
    ),
  );
  return used !== undefined;
}
