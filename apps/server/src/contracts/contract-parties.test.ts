import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLender } from "../lenders/lenders";
import { serverText } from "../messages/message-for";
import {
  borrowerAPhone,
  borrowerBPhone,
  type Cast,
  contractDraft,
  logInCast,
} from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { readPdf } from "../testing/pdf-reader";
import { signaturePng } from "../testing/png";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

// docs/contracts.md, "Parties": a contract names its lender and its borrower as verified.
describe("a contract's parties", () => {
  let ts: TestServer;
  let cast: Cast;
  let verified: Awaited<ReturnType<typeof verifyBorrower>>;

  const setLicence = (licenceNumber: string) =>
    addLender(
      ts.server.context.db,
      { phone: demoLenderPhone, name: "Kim", merchantName: "Kim Co", licenceNumber },
      ts.clock.now(),
    );

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
    verified = await verifyBorrower(cast.borrowerA, { seed: 7 });
    await setLicence("2026-서울강남-0001");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("names the borrower 'to be verified' until he has confirmed his ID card", async () => {
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone));
    const opened = await cast.borrowerB.api.contract.open({ code: contract.code });
    expect(opened.parties.borrower).toEqual({
      phone: opened.borrowerPhone,
      identity: null,
      faceReview: null,
    });
    const detail = await cast.lenderA.api.contract.detail({ id: contract.id });
    expect(detail.parties).toEqual({
      lender: { name: "Kim", merchantName: "Kim Co", licenceNumber: "2026-서울강남-0001" },
      borrower: { phone: contract.borrowerPhone, identity: null, faceReview: null },
    });
    const html = await cast.borrowerB.api.contract.view({ id: contract.id });
    expect(html).toContain(serverText("document.borrowerToBeVerified", "ko-KR"));
    expect(html).not.toContain(serverText("document.borrowerName", "ko-KR"));
  });

  it("names both parties in the detail, the document and the PDF once signed, as they were at signing", async () => {
    const { person } = verified;
    const masked = `${person.idNumber.slice(0, 8)}******`;
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    // Before signing, the bound borrower is named as he verified himself.
    const opened = await cast.borrowerA.api.contract.open({ code: contract.code });
    expect(opened.parties.borrower.identity).toEqual({
      name: person.name,
      idNumberMasked: masked,
      address: person.address,
    });
    const signed = await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
    });
    expect(signed.parties.borrower.identity?.idNumberMasked).toBe(masked);

    // The lender's licence changes later: the signed contract keeps the one it was signed under.
    await setLicence("2027-서울강남-0999");
    const detail = await cast.lenderA.api.contract.detail({ id: contract.id });
    expect(detail.parties).toEqual({
      lender: { name: "Kim", merchantName: "Kim Co", licenceNumber: "2026-서울강남-0001" },
      borrower: {
        phone: contract.borrowerPhone,
        identity: { name: person.name, idNumberMasked: masked, address: person.address },
        faceReview: null,
      },
    });

    const html = await cast.lenderA.api.contract.view({ id: contract.id });
    for (const text of [person.name, masked, "2026-서울강남-0001", "Kim Co"]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(person.idNumber);
    expect(html).not.toContain("2027-서울강남-0999");

    const pdf = await readPdf(await cast.borrowerA.api.contract.pdf({ id: contract.id }));
    const text = pdf.pageTexts.join("\n").replaceAll(" ", "");
    for (const expected of [person.name, masked, person.address, "2026-서울강남-0001"]) {
      expect(text).toContain(expected.replaceAll(" ", ""));
    }
    expect(text).not.toContain(person.idNumber);
    expect(text).toContain(serverText("document.borrowerIdNumber", "ko-KR").replaceAll(" ", ""));
  });
});
