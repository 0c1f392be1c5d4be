import { randomUUID } from "node:crypto";
import { todayIn } from "@chayong/domain";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverText } from "../../messages/message-for";
import { type Cast, logInCast, signedInstalmentContract } from "../../testing/fixtures";
import { pdfsig, readPdf } from "../../testing/pdf-reader";
import { refusal } from "../../testing/refusal";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { addSignaturePlaceholder, signPdf } from "./sign-pdf";
import { parseP12, selfSignedP12 } from "./signing-certificate";

const pdfBlob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" });

describe("document.verify: anyone checks a sealed contract PDF", { timeout: 120_000 }, () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("finds the original valid, and names the contract, the signing time and the terms signed", async () => {
    const contract = await signedInstalmentContract(cast);
    const bytes = await cast.borrowerA.api.contract.pdf({ id: contract.id });
    const detail = await cast.lenderA.api.contract.detail({ id: contract.id });
    // No login: a court clerk has no account.
    const answer = await cast.none.api.document.verify(pdfBlob(bytes));
    expect(answer).toEqual({
      valid: true,
      reason: null,
      document: "contract",
      pdfSha256: detail.seal?.pdfSha256,
      contractNumber: contract.number,
      signedAt: detail.signedAt,
      sealedAt: detail.seal?.sealedAt,
      termsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      // The zone its moments are written in: the verify page shows them in it.
      timeZone: "Asia/Seoul",
    });
  });

  it("refuses a copy with one byte changed, anywhere, as changed", async () => {
    const contract = await signedInstalmentContract(cast);
    const bytes = await cast.lenderA.api.contract.pdf({ id: contract.id });
    for (const at of [200, Math.floor(bytes.length / 2), bytes.length - 10]) {
      const tampered = Uint8Array.from(bytes);
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      const answer = await cast.none.api.document.verify(pdfBlob(tampered));
      expect(answer).toMatchObject({ valid: false, contractNumber: null });
      // A changed byte breaks the signature; inside the signature itself, it leaves none.
      expect(["broken", "notSigned"]).toContain(answer.reason);
    }
    const appended = Buffer.concat([bytes, Buffer.from("\n%%EOF\n")]);
    expect(await cast.none.api.document.verify(pdfBlob(appended))).toMatchObject({
      valid: false,
      reason: "changed",
    });
  });

  it("never vouches for a forgery that shows this deployment's certificate", async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText("A contract that was never sealed");
    addSignaturePlaceholder(doc, {
      name: "Chayong",
      reason: "Chayong seal: contract C-2026-9999999",
      location: "",
      contactInfo: "",
      signedAt: new Date(),
    });
    // Our certificate is in every sealed PDF; the forger has any key but ours.
    const ours = await ts.server.context.signingCertificate();
    const forger = parseP12(selfSignedP12("Forger", "", new Date()), "");
    const forged = await signPdf(await doc.save(), {
      ...forger,
      certificateDer: ours.certificateDer,
    });
    expect(await cast.none.api.document.verify(pdfBlob(forged))).toMatchObject({
      valid: false,
      reason: "broken",
      contractNumber: null,
    });
  });

  it("reads a hostile signature range quickly and refuses it", async () => {
    // A ByteRange whose gap is megabytes of zeros: a pattern over it would run for minutes.
    const hostile = Buffer.concat([
      Buffer.from("%PDF-1.7\n/ByteRange [0 20 6000020 0]\n<"),
      Buffer.alloc(6_000_000, "0"),
      Buffer.from("X>"),
    ]);
    expect(await cast.none.api.document.verify(pdfBlob(hostile))).toMatchObject({
      valid: false,
      reason: "notSigned",
    });
  });

  it("tells another deployment's PDF, an unsigned PDF and a file that is no PDF", async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Looks like a contract");
    addSignaturePlaceholder(doc, {
      name: "Elsewhere",
      reason: "A contract",
      location: "Elsewhere",
      contactInfo: "",
      signedAt: new Date(),
    });
    const elsewhere = parseP12(selfSignedP12("Another deployment", "", new Date()), "");
    const foreign = await signPdf(await doc.save(), elsewhere);
    expect(await cast.none.api.document.verify(pdfBlob(foreign))).toMatchObject({
      valid: false,
      reason: "otherSigner",
    });

    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await cast.none.api.document.verify(pdfBlob(await plain.save()))).toMatchObject({
      valid: false,
      reason: "notSigned",
    });
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])]);
    expect(await cast.none.api.document.verify(png)).toMatchObject({
      valid: false,
      reason: "notPdf",
    });
  });

  it("knows a ledger statement: signed, valid as issued, and leaves the sealed contract as it was", async () => {
    const contract = await signedInstalmentContract(cast);
    const sealedBefore = await cast.lenderA.api.contract.pdf({ id: contract.id });
    await cast.lenderA.api.contract.repay({
      id: contract.id,
      idempotencyKey: randomUUID(),
      instalmentIndex: 1,
      repaymentAmount: 100_000,
      receivedOn: todayIn("Asia/Seoul", ts.clock.now()),
      reason: "cash",
    });
    const statement = await cast.borrowerA.api.contract.statement({ id: contract.id });
    const text = (await readPdf(statement)).pageTexts.join("").replaceAll(" ", "");
    expect(text).toContain(serverText("statement.title", "ko-KR").replaceAll(" ", ""));
    expect(text).toContain("100,000");
    const detail = await cast.lenderA.api.contract.detail({ id: contract.id });
    expect(text).toContain(detail.seal?.pdfSha256);
    const report = await pdfsig(statement);
    expect(report).toContain("Signature is Valid");
    expect(report).not.toContain("Syntax Error");

    expect(await cast.none.api.document.verify(pdfBlob(statement))).toMatchObject({
      valid: true,
      document: "statement",
      contractNumber: contract.number,
    });
    // The money event changed nothing of the sealed contract.
    const sealedAfter = await cast.lenderA.api.contract.pdf({ id: contract.id });
    expect(Buffer.from(sealedAfter).equals(Buffer.from(sealedBefore))).toBe(true);
    expect(await cast.none.api.document.verify(pdfBlob(sealedAfter))).toMatchObject({
      valid: true,
      document: "contract",
    });
  });

  it("refuses a flood from one address with a translated 429", async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, () => cast.none.api.document.verify(new Blob(["%PDF-1.7"]))),
    );
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    const first = refused[0] as PromiseRejectedResult;
    const failure = await refusal(Promise.reject(first.reason));
    expect(failure.status).toBe(429);
  });
});
