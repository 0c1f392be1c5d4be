import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfsig } from "../../testing/pdf-reader";
import { addSignaturePlaceholder, readPdfSignature, signPdf } from "./sign-pdf";
import { parseP12, selfSignedP12 } from "./signing-certificate";

const certificate = parseP12(selfSignedP12("Chayong test seal", "pw", new Date()), "pw");
const other = parseP12(selfSignedP12("Another deployment", "", new Date()), "");

async function sealedPdf(signer = certificate): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("A contract");
  addSignaturePlaceholder(doc, {
    name: "Chayong",
    reason: "Signed contract C-1",
    location: "Seoul",
    contactInfo: "https://chayong.example",
    signedAt: new Date("2026-03-02T05:00:00Z"),
  });
  return signPdf(await doc.save(), signer);
}

describe("signing a PDF (PAdES B-B)", () => {
  it("pdfsig finds the signature valid, with the PAdES subfilter, and a one-byte change breaks it", async () => {
    const bytes = await sealedPdf();
    const report = await pdfsig(bytes);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signer Certificate Common Name: Chayong test seal");

    const tampered = Uint8Array.from(bytes);
    const at = Buffer.from(tampered).indexOf("A contract");
    const index = at > 0 ? at : 200;
    tampered[index] = (tampered[index] ?? 0) ^ 1;
    expect(await pdfsig(tampered)).toMatch(
      /Signature Validation: Digest Mismatch|Signature is Invalid/,
    );
  });

  it("reads back who signed and whether the bytes are the ones signed", async () => {
    const bytes = await sealedPdf();
    expect(readPdfSignature(bytes)).toEqual({
      signerCertificateSha256: certificate.certificateSha256,
      intact: true,
      coversWholeFile: true,
    });
    const changed = Uint8Array.from(bytes);
    changed[100] = (changed[100] ?? 0) ^ 1;
    expect(readPdfSignature(changed)?.intact).toBe(false);
    const appended = Buffer.concat([bytes, Buffer.from("\n% appended\n")]);
    expect(readPdfSignature(appended)).toMatchObject({ intact: true, coversWholeFile: false });
    expect(readPdfSignature(await sealedPdf(other))?.signerCertificateSha256).toBe(
      other.certificateSha256,
    );
    expect(readPdfSignature(Buffer.from("%PDF-1.7\nnot signed"))).toBeNull();
  });
});
