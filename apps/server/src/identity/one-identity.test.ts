import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { identityConflicts, identityFaces, identityLinks } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { runOperatorCommand } from "../operator/commands";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import {
  faceCheckInput,
  identityPhotos,
  personalDetailsOf,
  uploadIdentityPhotos,
  verifyBorrower,
} from "../testing/identity-kit";
import { errorKeys, refusal } from "../testing/refusal";
import { operatorEnvFor } from "../testing/test-database";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import { decodeProjection, describeConflicts, listIdentityConflicts } from "./one-identity";

// docs/identity.md, "One person, one identity": on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
describe("one person, one identity", () => {
  let ts: TestServer;
  let cast: Cast;
  let firstId: string;
  // Three people; the first verifies on borrower A's phone.
  const [first, stranger, other] = ["faceid.jpg", "detect3.jpg", "detect2.jpg"];
  const firstSeed = 51;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
    await verifyBorrower(cast.borrowerA, { face: first, seed: firstSeed });
    firstId = (await cast.borrowerA.api.user.current()).userId;
  });
  afterAll(async () => {
    await ts?.close();
  });

  /** Takes the live face check (accepted) and answers the ID card confirmation's refusal. */
  async function refusedConfirmation(client: TestClient, options: { face: string; seed: number }) {
    const photos = await identityPhotos(options);
    const addresses = await uploadIdentityPhotos(client, photos);
    await client.api.identity.faceCompare(
      await faceCheckInput(client, addresses.live, { face: options.face }),
    );
    return refusal(client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)));
  }

  const conflictsOf = (userId: string) =>
    ts.server.context.db
      .select()
      .from(identityConflicts)
      .where(eq(identityConflicts.userId, userId));

  it("refuses the same face with another ID number, and records it for the operator", async () => {
    const client = await ts.loggedInClient("01050000001");
    const refused = await refusedConfirmation(client, { face: first, seed: firstSeed + 1 });
    expect(refused.status).toBe(409);
    expect(refused.serverMessage).toBe(messageFor("identity.oneIdentity.faceElsewhere", "ko-KR"));
    expect(await client.api.identity.userDetail()).toMatchObject({
      idCardVerified: false,
      idNumberMasked: null,
    });
    const me = await client.api.user.current();
    const [conflict] = await conflictsOf(me.userId);
    expect(conflict).toMatchObject({ kind: "face", otherUserId: firstId });
    expect(conflict?.similarity).toBeGreaterThanOrEqual(0.75);
    const [audited] = await readAuditEvents(ts.server.context.db, {
      action: "identity.conflict",
      subjectId: me.userId,
    });
    expect(audited?.details).toMatchObject({ kind: "face", otherUserId: firstId });
    // The refused face is not kept: it is nobody's verified face.
    const kept = await ts.server.context.db
      .select()
      .from(identityFaces)
      .where(eq(identityFaces.userId, me.userId));
    expect(kept).toEqual([]);
    // The operator's list names both accounts.
    const listed = describeConflicts(await listIdentityConflicts(ts.server.context.db, 10));
    expect(listed).toContain("same face, another ID number");
    expect(listed).toContain("+821050000001");
    expect(listed).toContain("+821011112222");
  });

  it("refuses the same ID number with another face", async () => {
    const client = await ts.loggedInClient("01050000002");
    // The first person's card details, with someone else's portrait and live face.
    const refused = await refusedConfirmation(client, { face: stranger, seed: firstSeed });
    expect(refused.status).toBe(409);
    expect(refused.serverMessage).toBe(
      messageFor("identity.oneIdentity.idNumberElsewhere", "ko-KR"),
    );
    const me = await client.api.user.current();
    const [conflict] = await conflictsOf(me.userId);
    expect(conflict).toMatchObject({ kind: "idNumber", otherUserId: firstId });
    expect(conflict?.similarity).toBeLessThan(0.75);
    expect(await client.api.identity.userDetail()).toMatchObject({ idCardVerified: false });
  });

  it("refuses someone else's card, whose number is verified on another phone, on the card's photo", async () => {
    // The borrower's own live face (checked and accepted), holding the first person's card: its
    // portrait and its number are the first person's.
    const client = await ts.loggedInClient("01050000005");
    const photos = await identityPhotos({
      face: stranger,
      cardFace: first,
      holderFace: stranger,
      seed: firstSeed,
    });
    const addresses = await uploadIdentityPhotos(client, photos);
    await client.api.identity.faceCompare(
      await faceCheckInput(client, addresses.live, { face: stranger }),
    );
    const refused = await refusal(
      client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)),
    );
    // The card is what is wrong: said on its front, where the borrower takes another photo. The
    // number is looked up only for a card whose face is the borrower's ("One person, one
    // identity"), so nobody learns from a refusal where a number is verified.
    expect(refused.status).toBe(400);
    expect(refused.serverKey).toBe("identity.face.cardMismatch");
    expect(errorKeys(refused)).toEqual(["identity.face.cardMismatch"]);
    expect((refused.body as { errors: { field: string }[] }).errors[0]?.field).toBe(
      "frontPhotoUrl",
    );
    expect(await client.api.identity.userDetail()).toMatchObject({ idCardVerified: false });
  });

  it("links one person verified on a second phone, and his lender sees it", async () => {
    const secondPhone = await ts.loggedInClient("01050000003");
    await verifyBorrower(secondPhone, { face: first, seed: firstSeed });
    const second = await secondPhone.api.user.current();
    expect(await secondPhone.api.identity.userDetail()).toMatchObject({ verified: true });
    const links = await ts.server.context.db.select().from(identityLinks);
    expect(
      links
        .map(({ userId, otherUserId }) => ({ userId, otherUserId }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    ).toEqual(
      [
        { userId: firstId, otherUserId: second.userId },
        { userId: second.userId, otherUserId: firstId },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(links[0]?.similarity).toBeGreaterThanOrEqual(0.75);
    const [audited] = await readAuditEvents(ts.server.context.db, { action: "identity.link" });
    expect(audited?.details).toMatchObject({ otherUserId: firstId });

    // The lender of either phone's contract sees the other phone, masked.
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    await cast.borrowerA.api.contract.open({ code: contract.code });
    const customer = await cast.lenderA.api.contract.userDetails({ id: contract.id });
    expect(customer.alsoVerifiedOn).toEqual(["010-****-0003"]);
    const other = await cast.lenderB.api.contract.add(contractDraft("01050000003"));
    await secondPhone.api.contract.open({ code: other.code });
    const seen = await cast.lenderB.api.contract.userDetails({ id: other.id });
    expect(seen.alsoVerifiedOn).toEqual(["010-****-2222"]);
  });

  it("leaves a different person alone: verified, linked to nobody, nothing recorded", async () => {
    const client = await ts.loggedInClient("01050000004");
    await verifyBorrower(client, { face: other, seed: 55 });
    const me = await client.api.user.current();
    expect(await client.api.identity.userDetail()).toMatchObject({ verified: true });
    expect(await conflictsOf(me.userId)).toEqual([]);
    const links = await ts.server.context.db
      .select()
      .from(identityLinks)
      .where(eq(identityLinks.userId, me.userId));
    expect(links).toEqual([]);
    const contract = await cast.lenderA.api.contract.add(contractDraft("01050000004"));
    await client.api.contract.open({ code: contract.code });
    const customer = await cast.lenderA.api.contract.userDetails({ id: contract.id });
    expect(customer.alsoVerifiedOn).toEqual([]);
    // His face is kept sealed: no digits of the embedding in clear.
    const [kept] = await ts.server.context.db
      .select()
      .from(identityFaces)
      .where(eq(identityFaces.userId, me.userId));
    expect(kept?.embeddingSealed).toMatch(/^v1:/);
    expect(decodeProjection(kept?.projection ?? "")).toHaveLength(32);
  });

  it("lists the refusals for the operator (identity:conflicts), newest first", async () => {
    // The embedded database allows one process: the command runs once the server has stopped.
    if (ts.database.config.kind === "pglite") await ts.server.close();
    const listed = await runOperatorCommand(
      ["identity:conflicts", "--limit", "10"],
      operatorEnvFor(ts.database),
    );
    expect(listed.exitCode).toBe(0);
    const lines = listed.output.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("same ID number, another face");
    expect(lines[0]).toContain("refused +821050000002");
    expect(lines[1]).toContain("same face, another ID number");
    expect(lines[1]).toContain("already verified on +821011112222");
  });
});
