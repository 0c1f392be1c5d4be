import {
  type MessageKey,
  maskIdNumber,
  parseIdNumber,
  type Relation,
  validateEmergencyContacts,
  validatePersonalDetails,
} from "@chayong/domain";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit";
import type { Caller } from "../auth/sessions";
import type { ServerContext } from "../context";
import { emergencyContacts } from "../db/schema";
import type { Handlers } from "../http/call";
import { type Outcome, refuse, refuseDomain, refuseInput, succeed } from "../outcome";
import { uploadIdOfAddress } from "../uploads/file-addresses";
import { findUpload, type UploadRow } from "../uploads/upload-store";
import type { FaceVerification } from "./face/face-verifier";
import {
  findContacts,
  findIdentity,
  idCardCountriesFor,
  isVerified,
  recordAttempt,
  saveIdentity,
  tooFrequent,
} from "./identity-store";

function actorOf(caller: Caller) {
  return { userId: caller.userId, role: caller.role };
}

/** An upload of the caller's, named by the address the upload answered; else refused on `field`. */
async function ownUpload(
  ctx: ServerContext,
  caller: Caller,
  address: string,
  field: string,
): Promise<Outcome<{ upload: UploadRow; bytes: Uint8Array }>> {
  const id = uploadIdOfAddress(address);
  const upload = id === null ? null : await findUpload(ctx.db, id);
  if (upload === null || upload.ownerId !== caller.userId) {
    return refuseInput([{ key: "identity.photo.invalid", field }]);
  }
  const bytes = await ctx.files.get(upload.fileKey);
  if (bytes === null) return refuseInput([{ key: "identity.photo.invalid", field }]);
  return succeed({ upload, bytes });
}

/** What a face verification records: scores and counts, never an image or a biometric vector. */
function faceRecord(verification: FaceVerification, extra: Record<string, unknown>) {
  return {
    ...extra,
    problem: verification.problem,
    matched: verification.matched,
    score: verification.score,
    threshold: verification.threshold,
    live: verification.live,
    comparisons: verification.comparisons,
  };
}

const faceProblemKeys: Record<NonNullable<FaceVerification["problem"]>, MessageKey> = {
  noLiveFace: "identity.face.noFace",
  severalLiveFaces: "identity.face.severalFaces",
  noReferenceFace: "identity.face.noCardFace",
};

/** The reference names of the ID card's photos, and the request fields they came from. */
const cardReferenceFields = { idCardFront: "frontPhotoUrl", holdingPhoto: "holdingPhotoUrl" };

/**
 * Compares a live capture with the ID card's front and holding photos, or, before there is an
 * ID card, checks that the capture shows exactly one face (compared with itself).
 */
async function verifyFace(
  ctx: ServerContext,
  live: Uint8Array,
  card: { front: Uint8Array; holding: Uint8Array } | null,
): Promise<FaceVerification> {
  if (card === null) return ctx.faces.verify(live, [{ name: "liveCapture", image: live }]);
  return ctx.faces.verify(live, [
    { name: "idCardFront", image: card.front },
    { name: "holdingPhoto", image: card.holding },
  ]);
}

function refuseFace(verification: FaceVerification): Outcome<never> {
  if (verification.problem === "noReferenceFace") {
    const missing = verification.comparisons.find((comparison) => comparison.faces === 0);
    const field =
      cardReferenceFields[missing?.reference as keyof typeof cardReferenceFields] ?? undefined;
    return refuseInput([{ key: "identity.face.noCardFace", ...(field ? { field } : {}) }]);
  }
  if (verification.problem !== null) return refuse(400, faceProblemKeys[verification.problem]);
  return refuse(400, "identity.faceFailed");
}

async function cardPhotos(ctx: ServerContext, frontId: string | null, holdingId: string | null) {
  if (frontId === null || holdingId === null) return null;
  const [front, holding] = await Promise.all([
    findUpload(ctx.db, frontId),
    findUpload(ctx.db, holdingId),
  ]);
  if (front === null || holding === null) return null;
  const [frontBytes, holdingBytes] = await Promise.all([
    ctx.files.get(front.fileKey),
    ctx.files.get(holding.fileKey),
  ]);
  if (frontBytes === null || holdingBytes === null) return null;
  return { front: frontBytes, holding: holdingBytes };
}

export const identityHandlers: Pick<
  Handlers,
  | "identity.faceCompare"
  | "identity.ocrCheck"
  | "identity.ocrConfirm"
  | "identity.addEmergencyContacts"
  | "identity.userDetail"
> = {
  "identity.faceCompare": async ({ ctx, caller, ip, now }, input) => {
    if (await tooFrequent(ctx.db, caller.userId, "face", now)) {
      return refuse(429, "common.operationTooFrequent");
    }
    const live = await ownUpload(ctx, caller, input.facePhotoUrl, "facePhotoUrl");
    if (!live.ok) return live;
    const identity = await findIdentity(ctx.db, caller.userId);
    const card =
      identity?.idCardVerifiedAt != null
        ? await cardPhotos(ctx, identity.frontUploadId, identity.holdingUploadId)
        : null;
    const verification = await verifyFace(ctx, live.value.bytes, card);
    const passed = verification.matched;
    await recordAttempt(ctx.db, {
      userId: caller.userId,
      kind: "face",
      at: now,
      passed,
      details: faceRecord(verification, {
        uploadId: live.value.upload.id,
        comparedWithIdCard: card !== null,
      }),
    });
    if (!passed) return refuseFace(verification);
    await ctx.db.transaction(async (tx) => {
      await saveIdentity(
        tx,
        caller.userId,
        { faceUploadId: live.value.upload.id, faceCheckedAt: now },
        now,
      );
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.face",
        subjectType: "user",
        subjectId: caller.userId,
        ip,
        at: now,
        details: { comparedWithIdCard: card !== null },
      });
    });
    return succeed({
      matched: true,
      comparedWithIdCard: card !== null,
      score: card === null ? null : verification.score,
    });
  },

  "identity.ocrCheck": async ({ ctx, caller, now }, input) => {
    if (await tooFrequent(ctx.db, caller.userId, "ocr", now)) {
      return refuse(429, "common.operationTooFrequent");
    }
    const front = await ownUpload(ctx, caller, input.frontPhotoUrl, "frontPhotoUrl");
    if (!front.ok) return front;
    const back = await ownUpload(ctx, caller, input.backPhotoUrl, "backPhotoUrl");
    if (!back.ok) return back;
    const countries = await idCardCountriesFor(ctx.db, caller);
    const startedAt = performance.now();
    const reading = await ctx.idCards.read(front.value.bytes, { countries });
    const seconds = (performance.now() - startedAt) / 1000;
    const fields = reading.available ? reading.fields : null;
    await recordAttempt(ctx.db, {
      userId: caller.userId,
      kind: "ocr",
      at: now,
      passed: fields?.idNumber != null,
      // Which fields were read, never what they say.
      details: {
        available: reading.available,
        country: reading.available ? reading.country : null,
        found: fields
          ? Object.keys(fields).filter((key) => fields[key as keyof typeof fields])
          : [],
        seconds: Math.round(seconds * 1000) / 1000,
      },
    });
    return succeed({
      available: reading.available,
      name: fields?.name ?? null,
      // The borrower's own card, read back to them to prefill the form they submit; the number
      // is never shown in full from storage (docs/identity.md).
      idNumber: fields?.idNumber ?? null,
      gender: fields?.gender ?? null,
      birthday: fields?.birthday ?? null,
      address: fields?.address ?? null,
    });
  },

  "identity.ocrConfirm": async ({ ctx, caller, ip, now }, input) => {
    if (await tooFrequent(ctx.db, caller.userId, "confirm", now)) {
      return refuse(429, "common.operationTooFrequent");
    }
    const identity = await findIdentity(ctx.db, caller.userId);
    if (identity?.faceUploadId == null) return refuse(409, "identity.faceFirst");
    const details = validatePersonalDetails(input);
    if (!details.ok) return refuseDomain(details.errors);
    const photos = await Promise.all([
      ownUpload(ctx, caller, input.frontPhotoUrl, "frontPhotoUrl"),
      ownUpload(ctx, caller, input.backPhotoUrl, "backPhotoUrl"),
      ownUpload(ctx, caller, input.holdingPhotoUrl, "holdingPhotoUrl"),
    ]);
    const photoProblems = photos.flatMap((photo) => (photo.ok ? [] : (photo.failure.errors ?? [])));
    if (photoProblems.length > 0) return refuseInput(photoProblems);
    const [front, back, holding] = photos.map((photo) => (photo.ok ? photo.value : null));
    if (!front || !back || !holding) return refuse(500, "server.error");
    const face = await findUpload(ctx.db, identity.faceUploadId);
    const faceBytes = face === null ? null : await ctx.files.get(face.fileKey);
    if (faceBytes === null) return refuse(409, "identity.faceFirst");

    const verification = await verifyFace(ctx, faceBytes, {
      front: front.bytes,
      holding: holding.bytes,
    });
    await recordAttempt(ctx.db, {
      userId: caller.userId,
      kind: "confirm",
      at: now,
      passed: verification.matched,
      details: faceRecord(verification, { faceUploadId: identity.faceUploadId }),
    });
    if (!verification.matched) return refuseFace(verification);

    const idNumber = parseIdNumber(details.value.idNumber)?.normalized ?? details.value.idNumber;
    await ctx.db.transaction(async (tx) => {
      await saveIdentity(
        tx,
        caller.userId,
        {
          frontUploadId: front.upload.id,
          backUploadId: back.upload.id,
          holdingUploadId: holding.upload.id,
          name: details.value.name,
          idNumberSealed: ctx.personalData.seal(idNumber),
          idNumberHash: ctx.personalData.lookupHash(idNumber),
          idNumberMasked: maskIdNumber(idNumber),
          gender: details.value.gender,
          birthday: details.value.birthday,
          address: details.value.address,
          sharedDebtConsent: details.value.sharedDebtConsent,
          idCardVerifiedAt: now,
        },
        now,
      );
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.confirm",
        subjectType: "user",
        subjectId: caller.userId,
        ip,
        at: now,
        details: { sharedDebtConsent: details.value.sharedDebtConsent, score: verification.score },
      });
    });
    return succeed(null);
  },

  "identity.addEmergencyContacts": async ({ ctx, caller, ip, now }, input) => {
    if (await tooFrequent(ctx.db, caller.userId, "contacts", now)) {
      return refuse(429, "common.operationTooFrequent");
    }
    const validated = validateEmergencyContacts(input, caller.phone);
    await recordAttempt(ctx.db, {
      userId: caller.userId,
      kind: "contacts",
      at: now,
      passed: validated.ok,
      details: {},
    });
    if (!validated.ok) return refuseDomain(validated.errors);
    const { contacts } = validated.value;
    await ctx.db.transaction(async (tx) => {
      await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, caller.userId));
      await tx.insert(emergencyContacts).values(
        contacts.map((contact, i) => ({
          userId: caller.userId,
          position: i + 1,
          name: contact.name,
          phone: contact.phone,
          relation: contact.relation,
          createdAt: now,
        })),
      );
      await saveIdentity(tx, caller.userId, { contactsAddedAt: now }, now);
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.contacts",
        subjectType: "user",
        subjectId: caller.userId,
        ip,
        at: now,
      });
    });
    return succeed(null);
  },

  "identity.userDetail": async ({ ctx, caller, now }) => userDetailOf(ctx, caller, now),
};

async function userDetailOf(ctx: ServerContext, caller: Caller, now: Date) {
  const [identity, contacts] = await Promise.all([
    findIdentity(ctx.db, caller.userId),
    findContacts(ctx.db, caller.userId),
  ]);
  const address = (uploadId: string | null | undefined) =>
    uploadId ? ctx.fileAddresses.addressFor(uploadId, caller.userId, now) : null;
  return succeed({
    verified: isVerified(identity),
    faceVerified: identity?.faceUploadId != null,
    idCardVerified: identity?.idCardVerifiedAt != null,
    contactsAdded: identity?.contactsAddedAt != null,
    sharedDebtConsent: identity?.sharedDebtConsent ?? false,
    facePhotoUrl: address(identity?.faceUploadId),
    frontPhotoUrl: address(identity?.frontUploadId),
    backPhotoUrl: address(identity?.backUploadId),
    holdingPhotoUrl: address(identity?.holdingUploadId),
    name: identity?.name ?? null,
    idNumberMasked: identity?.idNumberMasked ?? null,
    gender: identity?.gender ?? null,
    birthday: identity?.birthday ?? null,
    address: identity?.address ?? null,
    contacts: contacts.map((contact) => ({
      name: contact.name,
      phone: contact.phone,
      relation: contact.relation as Relation,
    })),
  });
}
