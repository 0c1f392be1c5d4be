import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
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

/**
 * A PDF's signature read back: null when it carries none this reader can find. The file is
 * anyone's upload, so every number in it is checked before use, and no pattern runs over its
 * bytes (a regular expression over a long run of zeros can take minutes).
 */
export function readPdfSignature(pdf: Uint8Array):
  | (DetachedSignatureCheck & {
      /** The signed byte ranges end where the file ends: nothing was appended after signing. */
      coversWholeFile: boolean;
    })
  | null {
  const extracted = extractPdfSignature(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  if (extracted === null) return null;
  try {
    const check = checkDetached(extracted.cms, extracted.signedData);
    return { ...check, coversWholeFile: extracted.end === pdf.length };
  } catch {
    return null;
  }
}

/** The first signature's ByteRange, its CMS and the bytes it covers; null when unusable. */
function extractPdfSignature(
  pdf: Buffer,
): { cms: Uint8Array; signedData: Buffer; end: number } | null {
  const at = pdf.indexOf("/ByteRange [");
  if (at === -1) return null;
  const close = pdf.indexOf("]", at);
  if (close === -1 || close - at > 80) return null;
  const numbers = pdf
    .subarray(at + "/ByteRange [".length, close)
    .toString("latin1")
    .trim()
    .split(/ +/)
    .map(Number);
  if (numbers.length !== 4 || !numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    return null;
  }
  const [start = 0, firstLength = 0, second = 0, secondLength = 0] = numbers;
  const gapStart = start + firstLength;
  const end = second + secondLength;
  // The gap is the hex string `<...>` and nothing else, no larger than a placeholder can be.
  if (start !== 0 || gapStart >= second || end > pdf.length) return null;
  if (second - gapStart > 2 * signatureLength + 2) return null;
  if (pdf[gapStart] !== 0x3c || pdf[second - 1] !== 0x3e) return null;
  // The CMS's hex with the placeholder's zero padding after it: the DER reader stops where the
  // CMS's own length says (trimming zeros could cut a CMS that ends in a zero byte).
  const hex = pdf.subarray(gapStart + 1, second - 1).toString("latin1");
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  return {
    cms: new Uint8Array(Buffer.from(hex, "hex")),
    signedData: Buffer.concat([pdf.subarray(start, gapStart), pdf.subarray(second, end)]),
    end,
  };
}
