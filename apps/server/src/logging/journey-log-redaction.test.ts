import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractDraft } from "../testing/fixtures";
import { twoContacts, verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

// The whole journey of journey.test.ts (a lender sends a contract, the borrower logs in by SMS,
// verifies with the fixture ID card and signs) with the server's log captured at its most
// verbose level: none of the borrower's personal data may be in it, in any form.
// README "Configuration" (LOG_LEVEL); src/logging/logger.ts.

const borrowerPhone = "010-1234-5678";
/** Distinctive terms: 1% over 31 days, as the fixtures' draft (11.77 % a year). */
const loanAmount = 3_456_789;
const instalmentAmount = 3_491_357;

describe("the server log over a whole journey", () => {
  const lines: string[] = [];
  let ts: TestServer;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ts = await startTestServer({ LOG_LEVEL: "trace" }, undefined, {
      logDestination: destination,
    });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("holds no phone, ID number, name, address or contract terms of the borrower", async () => {
    const lender = await ts.loggedInClient(demoLenderPhone);
    const contract = await lender.api.contract.add(
      contractDraft(borrowerPhone, {
        name: "Loan to the fixture borrower",
        loanAmount,
        disbursedAmount: loanAmount,
        instalmentAmount,
      }),
    );

    const borrower = ts.client();
    await borrower.logIn(borrowerPhone.replaceAll("-", ""));
    await borrower.api.contract.open({ code: contract.code });
    // The refusal of the journey: signing before verifying.
    expect(
      (await refusal(borrower.api.contract.sign({ id: contract.id, signature: signaturePng() })))
        .status,
    ).toBe(409);
    const verified = await verifyBorrower(borrower);
    const signed = await borrower.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
    });
    expect(signed.status).toBe("type6");
    await lender.api.contract.detail({ id: contract.id });
    expect(await borrower.api.contract.view({ id: contract.id })).toContain("3,456,789");
    // A phone in a plain query string (the test-mode code lookup the browser tests use).
    const lookup = await fetch(`${ts.url}/__test/sms?phone=${borrowerPhone}`);
    expect(lookup.status).toBe(200);

    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('"level":10'); // trace lines were written too
    // The console SMS provider's line is there (a developer needs the code), without the phone.
    expect(log).toMatch(/"msg":"SMS to [^"]*: [^"]*\d{6}/);

    const { person } = verified;
    const digits = (text: string) => text.replace(/\D/g, "");
    const forbidden = [
      "01012345678",
      "+821012345678",
      "821012345678",
      "010-1234-5678",
      "1012345678",
      person.idNumber,
      digits(person.idNumber),
      person.name,
      person.address,
      ...twoContacts.contacts.flatMap((c) => [c.name, c.phone, digits(c.phone).slice(1)]),
      String(loanAmount),
      loanAmount.toLocaleString("en-US"),
      String(instalmentAmount),
      instalmentAmount.toLocaleString("en-US"),
    ];
    for (const text of forbidden) expect(log, `the log holds ${text}`).not.toContain(text);
    // Payloads are encrypted with a key the web app ships: a logged one could be read back.
    expect(log).not.toContain("XKNCEGSKK");
    expect(log).not.toContain(contract.code);
    // Nor the session tokens (a log reader could act as the borrower).
    for (const token of [lender.token, borrower.token]) expect(log).not.toContain(String(token));
    // Face matching and OCR take most of it; a shared 2-core machine can make them slow.
  }, 120_000);
});
