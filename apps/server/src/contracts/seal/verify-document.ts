import { createHash } from "node:crypto";
import type { DocumentVerification } from "@chayong/sdk/server";
import { eq } from "drizzle-orm";
import type { ServerContext } from "../../context";
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
  ctx: Pick<ServerContext, "db" | "signingCertificate">,
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
  });
  if (!Buffer.from(bytes.subarray(0, 5)).equals(Buffer.from("%PDF-"))) return invalid("notPdf");
  const [sealed] = await ctx.db
    .select({
      number: contracts.number,
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
    };
  }
  const [statement] = await ctx.db
    .select({
      number: contracts.number,
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
    };
  }
  const signature = readPdfSignature(bytes);
  if (signature === null) return invalid("notSigned");
  const signer = signature.signerCertificateSha256;
  if (signer !== null && (await isOwnCertificate(ctx, signer))) return invalid("changed");
  return invalid("otherSigner");
}

/** This deployment's certificate now, or one that sealed a contract here before. */
async function isOwnCertificate(
  ctx: Pick<ServerContext, "db" | "signingCertificate">,
  certificateSha256: string,
): Promise<boolean> {
  const current = await ctx.signingCertificate().catch(() => null);
  if (current?.certificateSha256 === certificateSha256) return true;
  const [used] = await ctx.db
    .select({ contractId: contractSeals.contractId })
    .from(contractSeals)
    .where(eq(contractSeals.certificateSha256, certificateSha256))
    .limit(1);
  return used !== undefined;
}
