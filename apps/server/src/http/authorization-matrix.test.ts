import { todayIn } from "@chayong/domain";
import { endpointList, findEndpoint, type ImplementedEndpointId } from "@chayong/sdk/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerIdentities, users } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { mulberry32, randomIdCardPerson } from "../testing/id-cards";
import {
  faceCheckInput,
  identityPhotos,
  personalDetailsOf,
  twoContacts,
  uploadIdentityPhotos,
} from "../testing/identity-kit";
import { encodeTestPng, signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { startTestS3Server, type TestS3Server } from "../testing/s3-server";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

/** The five callers of the cast, and lender A's internal tools with an API key of each scope. */
type Who = keyof Cast | "readKeyA" | "fullKeyA";
const keyCallers = ["readKeyA", "fullKeyA"] as const;
const isKey = (who: Who) => who === "readKeyA" || who === "fullKeyA";
/** Whose data a caller sees: a key acts as its lender. */
const ownerOf = (who: Who): keyof Cast => (isKey(who) ? "lenderA" : (who as keyof Cast));
/** All a wrong caller may hear. */
const genericRefusals = (
  ["access.forbidden", "session.invalid", "contract.notYourContract"] as const
).map((key) => messageFor(key, "ko-KR"));
/**
 * Wrong callers first, so a rightful call that changes state cannot mask a wrong one. The keys'
 * rights are not listed per scenario: they follow lender A's and the table's marks (below), and
 * a test pins those marks to the policy.
 */
const callers: Who[] = [
  "none",
  "readKeyA",
  "borrowerB",
  "lenderB",
  "borrowerA",
  "fullKeyA",
  "lenderA",
];
const everyone: Who[] = ["none", "borrowerB", "lenderB", "borrowerA", "lenderA"];
const signedIn: Who[] = ["borrowerA", "borrowerB", "lenderA", "lenderB"];

/** Endpoints no API key may call (README "API keys"): login, uploads, key management. */
const sessionsOnly: ImplementedEndpointId[] = [
  "auth.sendCode",
  "auth.login",
  "auth.logout",
  "identity.uploadImage",
  "identity.uploadCredentials",
  "identity.registerUpload",
  "apiKey.create",
  "apiKey.list",
  "apiKey.revoke",
  "contract.faceReview",
];

/** Which key callers may make a call lender A may make: by the table's marks. */
function keysAllowed(id: ImplementedEndpointId): Who[] {
  const entry = findEndpoint(id);
  if (entry.apiKeys === false) return [];
  return entry.effect === "read" ? [...keyCallers] : ["fullKeyA"];
}

interface Scenario {
  /** Who may call it and succeed. */
  rightful: Who[];
  /** Prepares what the call needs (as lender A / borrower A) and makes the call as `client`. */
  call(client: TestClient, who: Who): Promise<unknown>;
  /** Checks a rightful caller's answer shows that caller only its own things. */
  check?(answer: unknown, who: Who): void;
  /** What a refused caller may learn (default: nothing, no body). */
  refusalBody?(who: Who): unknown;
}

describe("authorisation matrix: every implemented endpoint x five callers and two API keys", () => {
  let ts: TestServer;
  let cast: Cast;
  /** The cast and lender A's two API keys, each a client of its own. */
  let clients: Record<Who, TestClient>;
  let phoneCounter = 0;
  /** The caller's own photos, as logInCast verified him: one face is one identity
   * (docs/identity.md, "One person, one identity"). */
  /** Each borrower's own face (one face, one identity), for his photos and his liveness frames. */
  const ownFace = (c: TestClient) => (c === cast.borrowerB ? "detect3.jpg" : "faceid.jpg");
  const ownPhotos = (c: TestClient) =>
    c === cast.borrowerB ? identityPhotos({ face: ownFace(c), seed: 2 }) : identityPhotos();

  let s3: TestS3Server;

  beforeAll(async () => {
    // Files in S3 (a real S3 API server), so the cloud upload endpoints answer too.
    s3 = await startTestS3Server();
    ts = await startTestServer({
      CHAYONG_FILE_STORE: "s3",
      CHAYONG_S3_BUCKET: s3.bucket,
      CHAYONG_S3_ENDPOINT: s3.endpoint,
      CHAYONG_S3_ACCESS_KEY_ID: s3.accessKeyId,
      CHAYONG_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    cast = await logInCast(ts, { verifyBorrowers: true });
    const readKey = await cast.lenderA.api.apiKey.create({ name: "matrix read A", scope: "read" });
    const fullKey = await cast.lenderA.api.apiKey.create({ name: "matrix full A", scope: "full" });
    clients = {
      ...cast,
      readKeyA: ts.client({ apiKey: readKey.key }),
      fullKeyA: ts.client({ apiKey: fullKey.key }),
    };
  }, 240_000);
  afterAll(async () => {
    await ts?.close();
    await s3?.close();
  });

  const freshPhone = () => `0108800${String(++phoneCounter).padStart(4, "0")}`;
  const offlineLoanReport = () => ({
    phone: freshPhone(),
    idNumber: "900101-1234567",
    amount: 500_000,
    loanDate: "2026-01-05",
    state: "inTransit" as const,
  });
  /** The offline loan reports each caller filed in the matrix (their lists show only these). */
  const filedReports: Record<keyof Cast, string[]> = {
    none: [],
    borrowerA: [],
    borrowerB: [],
    lenderA: [],
    lenderB: [],
  };
  const contractOfLenderA = () => cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
  const openedContractOfLenderA = async () => {
    const contract = await contractOfLenderA();
    await cast.borrowerA.api.contract.open({ code: contract.code });
    return contract;
  };
  const signedContractOfLenderA = async () => {
    const contract = await openedContractOfLenderA();
    await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
    return contract;
  };
  let exportedContractId = "";
  let keyCounter = 0;
  const freshKey = () => `matrix-key-${String(++keyCounter).padStart(8, "0")}`;
  const today = () => todayIn("Asia/Seoul", ts.clock.now());
  const repaymentOn = (id: string) => ({
    id,
    idempotencyKey: freshKey(),
    instalmentIndex: 1,
    repaymentAmount: 1_000,
    receivedOn: today(),
  });

  const scenarios: Record<ImplementedEndpointId, Scenario> = {
    "apiKey.create": {
      rightful: ["lenderA", "lenderB"],
      call: (c, who) => c.api.apiKey.create({ name: `key of ${who}`, scope: "read" }),
      check: (answer) => expect((answer as { key: string }).key).toMatch(/^cyk_/),
    },
    "apiKey.list": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.apiKey.list(),
      // Each lender its own keys only, never a secret.
      check: (answer, who) => {
        const names = (answer as { name: string }[]).map((key) => key.name);
        if (who === "lenderA") expect(names).toContain("matrix full A");
        if (who === "lenderB") expect(names.every((name) => name.endsWith("lenderB"))).toBe(true);
        expect(JSON.stringify(answer)).not.toContain("cyk_");
      },
    },
    "apiKey.revoke": {
      rightful: ["lenderA", "lenderB"],
      // Each lender can revoke only a key of its own (another's answers 404, api-keys.test.ts).
      call: async (c, who) => {
        const owner = who === "lenderA" || who === "lenderB" ? c : cast.lenderA;
        const { id } = await owner.api.apiKey.create({ name: "to revoke", scope: "full" });
        return c.api.apiKey.revoke({ id });
      },
    },
    "auth.sendCode": {
      rightful: everyone,
      call: (c) => c.api.auth.sendCode({ phone: freshPhone() }),
    },
    "auth.login": {
      rightful: everyone,
      call: async (c) => {
        const phone = freshPhone();
        await c.api.auth.sendCode({ phone });
        return c.api.auth.login({ phone, code: ts.sms.lastCode(`+82${phone.slice(1)}`) ?? "" });
      },
    },
    "auth.logout": {
      rightful: signedIn,
      // A second session of the same account, so the cast stays logged in.
      call: async (c, who) => {
        if (who === "none" || isKey(who)) return c.api.auth.logout();
        const second = ts.client();
        second.token = await secondToken(c);
        return second.api.auth.logout();
      },
    },
    "user.current": {
      rightful: signedIn,
      call: (c) => c.api.user.current(),
      check: (answer, who) => expect((answer as { phone: string }).phone).toBe(phoneOf(who)),
    },
    "identity.uploadImage": {
      rightful: signedIn,
      call: (c) =>
        c.api.identity.uploadImage(
          new Blob([new Uint8Array(encodeTestPng(8, 8, (x) => x > 3))], { type: "image/png" }),
        ),
    },
    "identity.uploadCredentials": {
      rightful: signedIn,
      call: (c) => c.api.identity.uploadCredentials(),
    },
    "identity.registerUpload": {
      rightful: signedIn,
      call: async (c) => {
        const photo = new Blob([encodeTestPng(8, 8, (x) => x > 3) as Uint8Array<ArrayBuffer>], {
          type: "image/png",
        });
        // Without a session the credentials are refused (301) before any upload.
        await c.api.identity.uploadCredentials();
        const uploaded = await c.transport.uploadToCloud(photo);
        return c.api.identity.registerUpload({ key: uploaded.key });
      },
    },
    "identity.livenessChallenge": {
      rightful: ["borrowerA", "borrowerB"],
      call: (c) => c.api.identity.livenessChallenge(),
    },
    "identity.faceCompare": {
      rightful: ["borrowerA", "borrowerB"],
      call: async (c) => {
        ts.clock.advance(60_000); // past the gap between two tries of a step
        const photos = await ownPhotos(c);
        const live = await c.api.identity.uploadImage(
          new Blob([photos.live as Uint8Array<ArrayBuffer>]),
        );
        return c.api.identity.faceCompare(
          await faceCheckInput(c, live.url ?? "", { face: ownFace(c) }),
        );
      },
    },
    "identity.ocrCheck": {
      rightful: ["borrowerA", "borrowerB"],
      call: async (c) => {
        ts.clock.advance(60_000);
        const addresses = await uploadIdentityPhotos(c, await identityPhotos());
        return c.api.identity.ocrCheck({
          frontPhotoUrl: addresses.front,
          backPhotoUrl: addresses.back,
        });
      },
    },
    "identity.ocrConfirm": {
      rightful: ["borrowerA", "borrowerB"],
      call: async (c) => {
        ts.clock.advance(60_000);
        const photos = await ownPhotos(c);
        const addresses = await uploadIdentityPhotos(c, photos);
        // Refused for a lender too; the call under test is the confirmation after it.
        await c.api.identity
          .faceCompare(await faceCheckInput(c, addresses.live, { face: ownFace(c) }))
          .catch(() => null);
        return c.api.identity.ocrConfirm(personalDetailsOf(photos, addresses));
      },
    },
    "identity.addEmergencyContacts": {
      rightful: ["borrowerA", "borrowerB"],
      call: (c) => {
        ts.clock.advance(60_000);
        return c.api.identity.addEmergencyContacts(twoContacts);
      },
    },
    "identity.userDetail": {
      rightful: ["borrowerA", "borrowerB"],
      call: (c) => c.api.identity.userDetail(),
    },
    "contract.userDetails": {
      rightful: ["lenderA"],
      call: async (c) => c.api.contract.userDetails({ id: (await openedContractOfLenderA()).id }),
      check: (answer) => expect(answer).toMatchObject({ phone: "+821011112222", verified: true }),
    },
    "contract.faceReview": {
      rightful: ["lenderA"],
      call: async (c) => {
        const contract = await openedContractOfLenderA();
        // Borrower A's check, as if it had come out `review` (the face tests reach it for real).
        const db = ts.server.context.db;
        const [borrower] = await db.select().from(users).where(eq(users.phone, "+821011112222"));
        const setDecision = (faceDecision: "match" | "review") =>
          db
            .update(borrowerIdentities)
            .set({ faceDecision, faceScore: 0.62 })
            .where(eq(borrowerIdentities.userId, borrower?.id ?? ""));
        await setDecision("review");
        try {
          return await c.api.contract.faceReview({ id: contract.id, decision: "approved" });
        } finally {
          await setDecision("match");
        }
      },
    },
    "contract.statistics": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.statistics(),
    },
    "contract.statisticsWindows": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.statisticsWindows(),
    },
    "contract.sharedDebt": {
      rightful: ["lenderA", "lenderB"],
      // Borrower A, verified with consent by logInCast (the identity kit's person of seed 1).
      call: (c) =>
        c.api.contract.sharedDebt({
          phone: borrowerAPhone,
          idNumber: randomIdCardPerson("KR", mulberry32(1)).idNumber,
          remark: "matrix",
        }),
    },
    "contract.reportOfflineLoan": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.reportOfflineLoan(offlineLoanReport()),
      check: (answer, who) => filedReports[ownerOf(who)].push((answer as { id: string }).id),
    },
    "contract.offlineLoanList": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.offlineLoanList(),
      // The caller's own reports (filed above), none of the other lender's, never the number.
      check: (answer, who) => {
        const ids = (answer as { id: string }[]).map((report) => report.id);
        expect(ids).toEqual(expect.arrayContaining(filedReports[ownerOf(who)]));
        const other = ownerOf(who) === "lenderA" ? "lenderB" : "lenderA";
        expect(ids.filter((id) => filedReports[other].includes(id))).toEqual([]);
        expect(JSON.stringify(answer)).not.toContain("1234567");
      },
    },
    "contract.correctOfflineLoan": {
      rightful: ["lenderA", "lenderB"],
      // Each lender can correct only a report of his own: the one he just filed (another
      // lender's answers 404, shared-debt.test.ts). Others aim at one of lender A's.
      call: async (c, who) => {
        const filer = who === "lenderA" || who === "lenderB" ? c : cast.lenderA;
        const { id } = await filer.api.contract.reportOfflineLoan(offlineLoanReport());
        return c.api.contract.correctOfflineLoan({
          id,
          amount: 600_000,
          loanDate: "2026-01-06",
          state: "overdue",
        });
      },
      check: (answer) =>
        expect(answer).toMatchObject({ amount: 600_000, outstandingAmount: 600_000 }),
    },
    "contract.withdrawOfflineLoan": {
      rightful: ["lenderA", "lenderB"],
      call: async (c, who) => {
        const filer = who === "lenderA" || who === "lenderB" ? c : cast.lenderA;
        const { id } = await filer.api.contract.reportOfflineLoan(offlineLoanReport());
        return c.api.contract.withdrawOfflineLoan({ id });
      },
    },
    "contract.block": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.block({ phone: freshPhone(), reason: "matrix" }),
    },
    "contract.unblock": {
      rightful: ["lenderA", "lenderB"],
      call: async (c, who) => {
        const phone = freshPhone();
        // Each lender can lift only a block of their own: the one they just made.
        if (who === "lenderA" || who === "lenderB" || who === "fullKeyA") {
          await c.api.contract.block({ phone, reason: "to lift" });
        }
        return c.api.contract.unblock({ phone });
      },
    },
    "contract.blockList": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.blockList(),
      check: (answer) => expect(Array.isArray(answer)).toBe(true),
    },
    "config.service": {
      rightful: everyone,
      call: (c) => c.api.config.service({ configKey: "line" }),
    },
    // Anyone may check a PDF: it reveals only what the PDF itself says.
    "document.verify": {
      rightful: everyone,
      call: (c) => c.api.document.verify(new Blob(["%PDF-1.7\nnot sealed here"])),
    },
    "template.add": {
      rightful: ["lenderA", "lenderB"],
      call: (c, who) =>
        c.api.template.add({ name: `T ${ownerOf(who)}`, lender: who, merchantName: "M" }),
    },
    "template.query": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.template.query({ name: "" }),
      check: (answer, who) => {
        const names = (answer as { name: string }[]).map((template) => template.name);
        expect(names.length).toBeGreaterThan(0);
        expect(names.every((name) => name === `T ${ownerOf(who)}`)).toBe(true);
      },
    },
    "template.remove": {
      rightful: ["lenderA"],
      call: async (c) => {
        const template = await cast.lenderA.api.template.add({
          name: "to remove",
          lender: "A",
          merchantName: "M",
        });
        return c.api.template.remove({ id: template.id });
      },
    },
    "contract.add": {
      rightful: ["lenderA", "lenderB"],
      call: (c) => c.api.contract.add(contractDraft(borrowerAPhone)),
    },
    "contract.query": {
      rightful: signedIn,
      call: async (c) => {
        await openedContractOfLenderA();
        return c.api.contract.query({ pageSize: 50 });
      },
      check: (answer, who) => {
        const items = (answer as { items: { borrowerPhone: string; merchantName: string }[] })
          .items;
        if (ownerOf(who) === "lenderA" || who === "borrowerA")
          expect(items.length).toBeGreaterThan(0);
        if (who === "borrowerB") expect(items).toEqual([]);
        if (who === "borrowerA")
          expect(items.every((c) => c.borrowerPhone === "+821011112222")).toBe(true);
        // Lender B made contracts (contract.add above) but sees none of lender A's.
        if (who === "lenderB") expect(items.every((c) => c.merchantName === "Kim Co")).toBe(true);
      },
    },
    "contract.export": {
      rightful: ["lenderA", "lenderB"],
      call: async (c) => {
        exportedContractId = (await openedContractOfLenderA()).id;
        return c.api.contract.export({ kind: "contracts" });
      },
      // Lender A's file holds the contract just made; lender B's file never does.
      check: (answer, who) => {
        const ids = (answer as string)
          .split("\r\n")
          .slice(1, -1)
          .map((row) => row.split(",")[0]);
        expect(ids.includes(exportedContractId)).toBe(ownerOf(who) === "lenderA");
      },
    },
    "contract.detail": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => c.api.contract.detail({ id: (await openedContractOfLenderA()).id }),
      check: (answer) =>
        expect(answer).toMatchObject({
          borrowerPhone: "+821011112222",
          merchantName: "Kim Co",
          status: "type2",
        }),
    },
    "contract.open": {
      rightful: ["borrowerA"],
      call: async (c) => c.api.contract.open({ code: (await contractOfLenderA()).code }),
      // A borrower holding the link but logged in with another phone learns which number it was
      // sent to, masked, so he can log in with it (docs/contracts.md); lenders are refused
      // before the contract is looked up and learn nothing.
      refusalBody: (who) => (who === "borrowerB" ? { sentToPhone: "010-****-2222" } : null),
    },
    "contract.view": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => c.api.contract.view({ id: (await openedContractOfLenderA()).id }),
      // The document shows the borrower phone as read at home: +821011112222 -> 010-1111-2222.
      check: (answer) => expect(answer).toContain("010-1111-2222"),
    },
    "contract.pdf": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => c.api.contract.pdf({ id: (await signedContractOfLenderA()).id }),
      check: (answer) =>
        expect(new TextDecoder().decode((answer as Uint8Array).subarray(0, 5))).toBe("%PDF-"),
    },
    "contract.statement": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => c.api.contract.statement({ id: (await signedContractOfLenderA()).id }),
      check: (answer) =>
        expect(new TextDecoder().decode((answer as Uint8Array).subarray(0, 5))).toBe("%PDF-"),
    },
    "contract.sign": {
      rightful: ["borrowerA"],
      call: async (c) =>
        c.api.contract.sign({
          id: (await openedContractOfLenderA()).id,
          signature: signaturePng(),
        }),
    },
    "contract.cancel": {
      rightful: ["lenderA"],
      call: async (c) => c.api.contract.cancel({ id: (await contractOfLenderA()).id }),
    },
    "contract.reissueLink": {
      rightful: ["lenderA"],
      call: async (c) => c.api.contract.reissueLink({ id: (await contractOfLenderA()).id }),
    },
    "contract.reminders": {
      rightful: ["lenderA"],
      call: async (c) =>
        c.api.contract.reminders({ id: (await signedContractOfLenderA()).id, on: false }),
      check: (answer) => expect(answer).toMatchObject({ reminders: false }),
    },
    "notice.list": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => {
        const { id } = await signedContractOfLenderA();
        await cast.lenderA.api.contract.repay(repaymentOn(id));
        return c.api.notice.list({ contractId: id });
      },
      check: (answer) =>
        expect(answer).toMatchObject({ notices: [{ kind: "receipt", amount: 1_000 }] }),
    },
    "contract.repay": {
      rightful: ["lenderA"],
      call: async (c) => c.api.contract.repay(repaymentOn((await signedContractOfLenderA()).id)),
      check: (answer) => expect(answer).toMatchObject({ repaidAmount: 1_000 }),
    },
    "contract.renew": {
      rightful: ["lenderA"],
      call: async (c) =>
        c.api.contract.renew({
          id: (await signedContractOfLenderA()).id,
          idempotencyKey: freshKey(),
          instalmentIndex: 1,
          newDueDate: "2026-06-30",
        }),
      check: (answer) => expect(answer).toMatchObject({ renewal: true, dueDate: "2026-06-30" }),
    },
    "contract.reverse": {
      rightful: ["lenderA"],
      call: async (c) => {
        const { id } = await signedContractOfLenderA();
        await cast.lenderA.api.contract.repay(repaymentOn(id));
        const [entry] = (await cast.lenderA.api.contract.ledger({ id })).entries;
        return c.api.contract.reverse({
          id,
          idempotencyKey: freshKey(),
          entryId: entry?.id ?? "",
          reason: "typed the wrong amount",
        });
      },
      check: (answer) => expect(answer).toMatchObject({ repaidAmount: 0 }),
    },
    "contract.ledger": {
      rightful: ["lenderA", "borrowerA"],
      call: async (c) => {
        const { id } = await signedContractOfLenderA();
        await cast.lenderA.api.contract.repay(repaymentOn(id));
        return c.api.contract.ledger({ id });
      },
      check: (answer) =>
        expect(answer).toMatchObject({
          entries: [{ kind: "repayment", amount: 1_000, actorName: "Demo Lender" }],
        }),
    },
  };

  function phoneOf(who: Who): string {
    return {
      borrowerA: "+821011112222",
      borrowerB: "+821033334444",
      lenderA: "+821000000000",
      lenderB: "+821055556666",
      none: "",
    }[ownerOf(who)];
  }

  async function secondToken(client: TestClient): Promise<string> {
    const phone = (await client.api.user.current()).phone;
    const national = `0${phone.slice(3)}`;
    ts.clock.advance(61_000);
    const other = await ts.loggedInClient(national);
    return other.token ?? "";
  }

  it("keeps API keys from the endpoints the policy says, and read keys from every write", () => {
    const implemented = endpointList.filter((entry) => entry.implemented);
    expect(implemented.filter((entry) => entry.apiKeys === false).map((entry) => entry.id)).toEqual(
      expect.arrayContaining(sessionsOnly),
    );
    expect(implemented.filter((entry) => entry.apiKeys === false)).toHaveLength(
      sessionsOnly.length,
    );
    // Every POST changes something except the shared-debt lookup (its ID number stays out of
    // URLs) and the PDF check (a file travels in a POST body).
    expect(
      implemented
        .filter((entry) => (entry.effect === "read") !== (entry.method === "GET"))
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(["contract.sharedDebt", "document.verify"]);
  });

  it("covers exactly the implemented endpoints of the SDK table", () => {
    const implemented = endpointList.filter((entry) => entry.implemented).map((entry) => entry.id);
    expect(Object.keys(scenarios).sort()).toEqual([...implemented].sort());
  });

  for (const [id, scenario] of Object.entries(scenarios)) {
    const rightful = scenario.rightful.includes("lenderA")
      ? [...scenario.rightful, ...keysAllowed(id as ImplementedEndpointId)]
      : scenario.rightful;
    it(`${id}: only ${rightful.join(", ")} succeed`, async () => {
      for (const who of callers) {
        // Each call gets its own minute: login codes and their cooldowns never collide.
        ts.clock.advance(61_000);
        const attempt = scenario.call(clients[who], who);
        if (rightful.includes(who)) {
          const answer = await attempt;
          scenario.check?.(answer, who);
        } else {
          const error = await refusal(attempt);
          expect([who, error.status]).toEqual([who, who === "none" ? 301 : 403]);
          // Learns nothing (no body, only a generic message) unless the scenario says what.
          expect(error.body ?? null).toEqual(scenario.refusalBody?.(who) ?? null);
          expect(genericRefusals).toContain(error.serverMessage);
        }
      }
    });
  }
});
