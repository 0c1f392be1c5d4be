import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { extractSignature, Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import type { PDFDocument } from "pdf-lib";
import { checkDetached, type DetachedSignatureCheck, signDetached } from "./cms-signature";
import type { SigningCertificate } from "./signing-certificate";

/** Room for the CMS signature: one certificate takes ~1.5 KB; a deployment's chain more. */
const signatureLength = 16_384;

/** What the signature dictionary names (shown by a PDF reader's signature panel). */
export interface SignatureFields {
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signedAt: Date;
}

/**
 * The signature dictionary's reason, in ASCII: the placeholder writes its texts as PDF literal
 * strings byte by byte, so Korean or Chinese there would come out as stray bytes (a stray
 * parenthesis among them breaks the file's syntax for strict readers). The page itself says the
 * rest in the reader's language.
 */
export function sealReason(what: string): string {
  return `Chayong seal: ${what}`.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "");
}

/** Adds the empty signature a sealed PDF is then signed into (before `doc.save()`). */
export function addSignaturePlaceholder(doc: PDFDocument, fields: SignatureFields): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    name: fields.name,
    reason: fields.reason,
    location: fields.location,
    contactInfo: fields.contactInfo,
    signingTime: fields.signedAt,
    signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Chayong",
  });
}

/** A @signpdf signer with the deployment's key, already read (no PKCS#12 parse per PDF). */
class CertificateSigner extends Signer {
  // A plain field (the PDF thread runs this file with type stripping, which has no parameter
  // properties).
  readonly certificate: SigningCertificate;
  constructor(certificate: SigningCertificate) {
    super();
    this.certificate = certificate;
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return Buffer.from(signDetached(content, this.certificate));
  }
}

/** Signs a PDF saved with a placeholder: PAdES B-B over its byte ranges. */
export async function signPdf(
  withPlaceholder: Uint8Array,
  certificate: SigningCertificate,
): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(
    Buffer.from(withPlaceholder),
    new CertificateSigner(certificate),
  );
  return new Uint8Array(signed);
}

/** A PDF's signature read back: null when it carries none this reader can find. */
export function readPdfSignature(pdf: Uint8Array):
  | (DetachedSignatureCheck & {
      /** The signed byte ranges end where the file ends: nothing was appended after signing. */
      coversWholeFile: boolean;
    })
  | null {
  let extracted: { ByteRange: number[]; signature: string; signedData: Buffer };
  try {
    extracted = extractSignature(Buffer.from(pdf));
  } catch {
    return null;
  }
  const [, , start = 0, length = 0] = extracted.ByteRange;
  try {
    const check = checkDetached(
      new Uint8Array(Buffer.from(extracted.signature, "binary")),
      extracted.signedData,
    );
    return { ...check, coversWholeFile: start + length === pdf.length };
  } catch {
    return null;
  }
}
