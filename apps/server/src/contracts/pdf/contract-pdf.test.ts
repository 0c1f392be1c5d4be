import { createHash } from "node:crypto";
import { threadId } from "node:worker_threads";
import { contractPdfFileName } from "@chayong/domain";
import { formatRecordedInstant } from "@chayong/i18n/lazy";
import { HEADER } from "@chayong/transport";
import { eq } from "drizzle-orm";
import { PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../../audit/audit";
import { contractSignatures } from "../../db/schema";
import { messageFor, serverText } from "../../messages/message-for";
import {
  borrowerAPhone,
  type Cast,
  contractDraft,
  logInCast,
  signedInstalmentContract,
} from "../../testing/fixtures";
import { pdfsig, readPdf } from "../../testing/pdf-reader";
import { refusal } from "../../testing/refusal";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { findSeal } from "../seal/contract-seal";
import { runningPdfThreadId } from "./pdf-thread";

describe("contract.pdf", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function signedContract(name = "Loan") {
    const contract = await signedInstalmentContract(cast, name);
    const [signature] = await ts.server.context.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, contract.id));
    if (signature === undefined) throw new Error("not signed");
    return { contract, signature };
  }

  async function pdfActions(contractId: string): Promise<number> {
    const events = await readAuditEvents(ts.server.context.db, {
      action: "contract.pdf",
      subjectType: "contract",
      subjectId: contractId,
    });
    return events.length;
  }

  it("is refused before signing with a translated message, and to anyone not a party", async () => {
    const draft = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    const early = await refusal(cast.lenderA.api.contract.pdf({ id: draft.id }));
    expect(early.status).toBe(409);
    expect(early.serverMessage).toBe(messageFor("contract.pdf.notSigned", "ko-KR"));
    // The refusal's key, as on an envelope refusal (packages/sdk README "Errors").
    expect(early).toMatchObject({ kind: "envelope-status", serverKey: "contract.pdf.notSigned" });
    await cast.borrowerA.api.contract.open({ code: draft.code });
    expect((await refusal(cast.borrowerA.api.contract.pdf({ id: draft.id }))).status).toBe(409);

    const { contract } = await signedContract();
    expect(await refusal(cast.lenderB.api.contract.pdf({ id: contract.id }))).toMatchObject({
      status: 403,
      serverKey: "access.forbidden",
    });
    expect((await refusal(cast.borrowerB.api.contract.pdf({ id: contract.id }))).status).toBe(403);
    expect((await refusal(cast.none.api.contract.pdf({ id: contract.id }))).kind).toBe(
      "session-ended",
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await refusal(cast.lenderA.api.contract.pdf({ id: unknown }))).status).toBe(404);
    expect(await pdfActions(contract.id)).toBe(0);
  });

  it("hands the lender and the borrower the sealed contract: metadata, terms, hash, audit page", async () => {
    const { contract, signature } = await signedContract("Car repair");
    const bytes = await cast.lenderA.api.contract.pdf({ id: contract.id });
    const seal = await findSeal(ts.server.context, contract.id);
    expect(seal?.pdfSha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    // Subset fonts: the glyphs used, not whole fonts of megabytes.
    expect(bytes.length).toBeLessThan(250_000);

    const pdf = await readPdf(bytes);
    // The contract (two pages with this schedule) and its audit page.
    expect(pdf.document.getPageCount()).toBe(3);
    expect(pdf.document.getTitle()).toBe(`${serverText("document.title", "ko-KR")} · Car repair`);
    expect(pdf.document.getAuthor()).toBe("Kim");
    expect(pdf.document.getCreationDate()?.toISOString()).toBe(signature.signedAt.toISOString());
    expect(pdf.document.getKeywords()).toContain(signature.termsSha256);

    const first = pdf.pageTexts.slice(0, -1).join("");
    const audit = pdf.pageTexts.at(-1) ?? "";
    const compact = (text: string) => text.replaceAll(" ", "");
    expect(first).toContain(signature.termsSha256);
    expect(compact(first)).toContain(compact(contract.number));
    expect(compact(first)).toContain(
      compact(formatRecordedInstant(signature.signedAt, "ko-KR", "Asia/Seoul")),
    );
    expect(compact(first)).toContain(compact(serverText("document.costOfCredit", "ko-KR")));
    expect(compact(first)).toContain("340,000");
    expect(compact(audit)).toContain(compact(serverText("pdf.audit.title", "ko-KR")));
    expect(compact(audit)).toContain(compact(serverText("pdf.audit.action.add", "ko-KR")));
    expect(audit).toContain(signature.termsSha256);
    // Sealed at signing: the trail up to the signature, from where each step came, the audit
    // chain's head then, and where to verify the PDF.
    expect(compact(audit)).not.toContain(compact(serverText("pdf.audit.action.pdf", "ko-KR")));
    expect(compact(audit)).toContain(
      compact(serverText("pdf.audit.action.sign", "ko-KR", { hash: "" }).slice(0, 5)),
    );
    expect(audit).toContain("127.0.0.1");
    expect(audit).toContain(seal?.chainHash);
    expect(audit).toContain("/#/pages/verify");
    expect(compact(audit)).toContain(
      compact(serverText("pdf.page", "ko-KR", { page: 3, pages: 3 })),
    );
    // Who acted is a role, never an account id or a phone.
    expect(audit).not.toContain(borrowerAPhone.slice(3));

    // The same bytes to both parties, at every download; each download is audited.
    const borrowers = await cast.borrowerA.api.contract.pdf({ id: contract.id });
    expect(Buffer.from(borrowers).equals(Buffer.from(bytes))).toBe(true);
    expect(await pdfActions(contract.id)).toBe(2);
    const [sealed] = await readAuditEvents(ts.server.context.db, {
      action: "contract.seal",
      subjectId: contract.id,
    });
    expect(sealed?.details).toMatchObject({ pdfSha256: seal?.pdfSha256, occasion: "signing" });
  });

  it("is signed with PAdES: pdfsig finds it valid, and a one-byte change breaks it", async () => {
    const { contract } = await signedContract();
    const bytes = await cast.lenderA.api.contract.pdf({ id: contract.id });
    const report = await pdfsig(bytes);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    // The signature dictionary's texts are plain ASCII: the file reads without a syntax error.
    expect(report).not.toContain("Syntax Error");
    const tampered = Buffer.from(bytes);
    // A byte inside the signed range: the first page's content.
    const at = tampered.indexOf("stream") + 20;
    tampered[at] = (tampered[at] ?? 0) ^ 1;
    expect(await pdfsig(tampered)).not.toContain("Signature is Valid");
  });

  it("lays out PDFs on the PDF thread, not the thread that answers calls, several at once", async () => {
    const { contract } = await signedContract();
    const downloads = await Promise.all(
      [1, 2, 3].map(() => cast.lenderA.api.contract.pdf({ id: contract.id })),
    );
    for (const bytes of downloads) {
      expect((await readPdf(bytes)).document.getPageCount()).toBe(3);
    }
    const pdfThread = runningPdfThreadId();
    expect(pdfThread).not.toBeNull();
    expect(pdfThread).not.toBe(threadId);
  });

  it("answers a download named after the contract number, never cached", async () => {
    const { contract } = await signedContract();
    const response = await fetch(
      `${ts.url}/api/v1/contract/pdf?id=${encodeURIComponent(contract.id)}`,
      { headers: { [HEADER.token]: cast.borrowerA.token ?? "" } },
    );
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${contractPdfFileName(contract.number)}"`,
    );
    expect(contractPdfFileName(contract.number)).toContain(contract.number);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("seals a contract signed in zh-TW in Traditional Chinese with a CJK font embedded", async () => {
    cast.borrowerA.locale = "zh-TW";
    const { contract, signature } = await signedContract("修車借款").finally(() => {
      cast.borrowerA.locale = "ko-KR";
    });
    const pdf = await readPdf(await cast.lenderA.api.contract.pdf({ id: contract.id }));
    expect(pdf.document.getTitle()).toBe(`${serverText("document.title", "zh-TW")} · 修車借款`);
    expect(String(pdf.document.catalog.get(PDFName.of("Lang")))).toBe("(zh-TW)");
    expect(pdf.fontNames.some((name) => name.includes("NotoSansTC"))).toBe(true);
    for (const char of "借款合約簽署修車") expect(pdf.fontCharacters).toContain(char);
    const text = pdf.pageTexts.join("");
    expect(text).toContain(serverText("document.title", "zh-TW"));
    expect(text).toContain(serverText("pdf.audit.title", "zh-TW"));
    expect(text).toContain(signature.termsSha256);
  });
});
