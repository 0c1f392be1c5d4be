import {
  type ImageMimeType,
  type MessageKey,
  maskIdNumber,
  parseIdNumber,
  type Relation,
  validateEmergencyContacts,
  validatePersonalDetails,
} from "@chayong/domain";
import { eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import type { Caller } from "../calls/caller";
import type { ServerContext } from "../context";
import { emergencyContacts } from "../db/schema";
import {
  type FieldProblem,
  type Outcome,
  refuse,
  refuseDomain,
  refuseInput,
  succeed,
} from "../outcome";
import { uploadIdOfAddress } from "../uploads/file-addresses";
import { findUpload, saveUpload, type UploadRow } from "../uploads/upload-store";
import {
  type CardPhoto,
  cardNumberFinding,
  deleteClearFiles,
  dropClearUploads,
  maskedCopy,
} from "./card-masking";
import { type FaceVerification, FaceVerifierError } from "./face/face-verifier";
import {
  findContacts,
  findIdentity,
  finishAttempt,
  hasSignedContracts,
  idCardCountriesFor,
  isVerified,
  lockIdentity,
  reserveAttempt,
  saveIdentity,
} from "./identity-store";
import { checkLiveness, livenessRecord, refuseLiveness, takeChallenge } from "./liveness-step";
import type { ImageBox } from "./ocr/id-card-reader";
import { claimOneIdentity } from "./one-identity";
import { createSlots } from "./slots";

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
    decision: verification.decision,
    score: verification.score,
    thresholds: verification.thresholds,
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
    // The person, not the card's portrait in their hand: the portrait vouches for nobody.
    { name: "holdingPhoto", image: card.holding, match: "largest", minFaces: 2 },
  ]);
}

/**
 * `verifyFace` for a reserved attempt: when the engine throws (a vendor's service timed out or
 * failed, an image it cannot decode), the attempt is recorded as failed, with what failed, and
 * the error goes on to the generic server error; nothing else is stored.
 */
async function verifyFaceAttempt(
  ctx: ServerContext,
  attempt: number,
  live: Uint8Array,
  card: { front: Uint8Array; holding: Uint8Array } | null,
  recorded: Record<string, unknown>,
): Promise<FaceVerification> {
  try {
    return await verifyFace(ctx, live, card);
  } catch (error) {
    await finishAttempt(ctx.db, attempt, {
      passed: false,
      details: {
        ...recorded,
        failed: error instanceof FaceVerifierError ? error.kind : "error",
      },
    });
    throw error;
  }
}

function refuseFace(verification: FaceVerification): Outcome<never> {
  if (verification.problem === "noReferenceFace") {
    const missing = verification.comparisons.find((comparison) => comparison.similarity === null);
    const field =
      cardReferenceFields[missing?.reference as keyof typeof cardReferenceFields] ?? undefined;
    return refuseInput([{ key: "identity.face.noCardFace", ...(field ? { field } : {}) }]);
  }
  if (verification.problem !== null) return refuse(400, faceProblemKeys[verification.problem]);
  return refuse(400, "identity.faceFailed");
}

/**
 * `ocrConfirm`'s refusal of a card whose faces are not the live capture's (docs/identity.md, "The
 * verification, step by step"): the live capture passed its own check, so what failed is a card
 * photo, named on the photo whose face fell below the review threshold (the card's portrait, the
 * person holding it), where the borrower retakes it. The other problems as `refuseFace`.
 */
function refuseCardFace(verification: FaceVerification): Outcome<never> {
  if (verification.problem !== null) return refuseFace(verification);
  const fields = verification.comparisons
    .filter(
      (comparison) =>
        comparison.similarity !== null && comparison.similarity < verification.thresholds.review,
    )
    .map(
      (comparison) => cardReferenceFields[comparison.reference as keyof typeof cardReferenceFields],
    )
    .filter((field) => field !== undefined);
  return refuseInput(
    (fields.length > 0 ? fields : [cardReferenceFields.idCardFront]).map((field) => ({
      // The card's portrait is someone else's; or the person holding the card is.
      key:
        field === cardReferenceFields.holdingPhoto
          ? "identity.face.holderMismatch"
          : "identity.face.cardMismatch",
      field,
    })),
  );
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

/**
 * Tesseract runs at most this many at once in this process, whoever asks: one borrower's burst
 * queues behind the others instead of taking every core.
 */
const readingSlots = createSlots(2);

/** The confirmed card's uploads, to tell a live capture from a photo of them. */
function cardUploadsOf(identity: {
  frontUploadId: string | null;
  backUploadId: string | null;
  holdingUploadId: string | null;
}) {
  return [identity.frontUploadId, identity.backUploadId, identity.holdingUploadId]
    .filter((id): id is string => id !== null)
    .map((id) => ({ sameAs: (upload: UploadRow) => upload.id === id }));
}

/** Each photo slot needs its own picture (not the same upload, not the same bytes). */
function distinctPhotoProblems(slots: [string, UploadRow][]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  slots.forEach(([field, upload], i) => {
    const earlier = slots.slice(0, i);
    if (earlier.some(([, other]) => other.id === upload.id || other.fileKey === upload.fileKey)) {
      problems.push({ key: "identity.photo.sameTwice", field });
    }
  });
  return problems;
}

/**
 * Looks for the typed number in each card photo, under the reading slots (docs/identity.md,
 * "Masked card images"): where to mask each, or the problem that refuses the form, or that the
 * engine is off or not installed. The record says what was found and how long it took, never
 * the number.
 */
async function findCardNumbers(
  ctx: ServerContext,
  idNumber: string,
  photos: readonly CardPhoto[],
): Promise<{
  outcome:
    | { kind: "found"; masks: { photo: CardPhoto; hidden: ImageBox[] }[] }
    | { kind: "refused"; problem: FieldProblem }
    | { kind: "unavailable" };
  record: Record<string, unknown>;
}> {
  const masks: { photo: CardPhoto; hidden: ImageBox[] }[] = [];
  const record: Record<string, unknown> = {};
  for (const photo of photos) {
    const startedAt = performance.now();
    const search = await readingSlots.run(() => ctx.idCards.locate(photo.bytes, idNumber));
    const seconds = Math.round(performance.now() - startedAt) / 1000;
    if (!search.available) {
      record[photo.field] = { available: false, seconds };
      return { outcome: { kind: "unavailable" }, record };
    }
    const finding = cardNumberFinding(photo, search);
    if (!finding.found) {
      record[photo.field] = { found: false, otherNumberRead: finding.otherNumberRead, seconds };
      // The front first: its number decides whether the typed one is the card's.
      return { outcome: { kind: "refused", problem: finding.problem }, record };
    }
    record[photo.field] = { found: true, masked: finding.hidden.length, seconds };
    masks.push({ photo, hidden: finding.hidden });
  }
  return { outcome: { kind: "found", masks }, record };
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
    const live = await ownUpload(ctx, caller, input.facePhotoUrl, "facePhotoUrl");
    if (!live.ok) return live;
    const identity = await findIdentity(ctx.db, caller.userId);
    const cardUploads = identity?.idCardVerifiedAt != null ? cardUploadsOf(identity) : [];
    if (cardUploads.some((upload) => upload.sameAs(live.value.upload))) {
      return refuseInput([{ key: "identity.face.notLive", field: "facePhotoUrl" }]);
    }
    // Liveness (docs/identity.md, "Liveness"): the challenge's frames, before the comparison.
    const challenge = await takeChallenge(ctx, caller, input, now);
    if (!challenge.ok) return challenge;
    const attempt = await reserveAttempt(ctx.db, caller.userId, "face", now);
    if (attempt === null) return refuse(429, "common.operationTooFrequent");
    const liveness = await checkLiveness(ctx, challenge.value, live.value.bytes);
    if (!liveness.passed) {
      await finishAttempt(ctx.db, attempt, {
        passed: false,
        details: {
          uploadId: live.value.upload.id,
          liveness: livenessRecord(challenge.value.action, liveness),
        },
      });
      return refuseLiveness(liveness);
    }
    const card =
      identity?.idCardVerifiedAt != null
        ? await cardPhotos(ctx, identity.frontUploadId, identity.holdingUploadId)
        : null;
    const recorded = {
      uploadId: live.value.upload.id,
      comparedWithIdCard: card !== null,
      liveness: livenessRecord(challenge.value.action, liveness),
    };
    const verification = await verifyFaceAttempt(ctx, attempt, live.value.bytes, card, recorded);
    await finishAttempt(ctx.db, attempt, {
      passed: verification.decision !== "noMatch",
      details: faceRecord(verification, recorded),
    });
    if (verification.decision === "noMatch") return refuseFace(verification);
    // docs/identity.md, "Three outcomes": a capture compared with the card and found neither
    // the same nor another person waits for a lender's look; one checked alone only had a face.
    const decision = card === null ? "match" : verification.decision;
    const saved = await ctx.db.transaction(async (tx) => {
      // The ID card may have been confirmed, against another capture, while this one was
      // being checked: then this capture was never compared with it.
      const current = await lockIdentity(tx, caller.userId);
      if ((current?.idCardVerifiedAt != null) !== (card !== null)) return false;
      await saveIdentity(
        tx,
        caller.userId,
        {
          faceUploadId: live.value.upload.id,
          faceCheckedAt: now,
          ...(card === null ? {} : { faceDecision: decision, faceScore: verification.score }),
        },
        now,
      );
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.face",
        subjectId: caller.userId,
        ip,
        at: now,
        details: {
          comparedWithIdCard: card !== null,
          uploadId: live.value.upload.id,
          decision,
        },
      });
      return true;
    });
    if (!saved) return refuse(409, "identity.faceFailed");
    return succeed({
      decision,
      comparedWithIdCard: card !== null,
      score: card === null ? null : verification.score,
    });
  },

  "identity.ocrCheck": async ({ ctx, caller, now }, input) => {
    const front = await ownUpload(ctx, caller, input.frontPhotoUrl, "frontPhotoUrl");
    if (!front.ok) return front;
    const back = await ownUpload(ctx, caller, input.backPhotoUrl, "backPhotoUrl");
    if (!back.ok) return back;
    const attempt = await reserveAttempt(ctx.db, caller.userId, "ocr", now);
    if (attempt === null) return refuse(429, "common.operationTooFrequent");
    const countries = await idCardCountriesFor(ctx.db, caller);
    const startedAt = performance.now();
    // The back too: a Taiwanese card prints the address there (docs/identity.md, "Reading ID cards").
    const reading = await readingSlots.run(() =>
      ctx.idCards.read(front.value.bytes, { countries, back: back.value.bytes }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    const fields = reading.available ? reading.fields : null;
    await finishAttempt(ctx.db, attempt, {
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
    const identity = await findIdentity(ctx.db, caller.userId);
    if (identity?.faceUploadId == null) return refuse(409, "identity.faceFirst");
    // What a signed contract was signed by stays as it was (docs/identity.md).
    if (await hasSignedContracts(ctx.db, caller.userId)) {
      return refuse(409, "identity.lockedAfterSigning");
    }
    const details = validatePersonalDetails(input, now);
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
    // Three different photos, none of them the live capture: one picture cannot vouch for itself.
    const distinct = distinctPhotoProblems([
      ["frontPhotoUrl", front.upload],
      ["backPhotoUrl", back.upload],
      ["holdingPhotoUrl", holding.upload],
    ]);
    if (distinct.length > 0) return refuseInput(distinct);
    const faceUploadId = identity.faceUploadId;
    const face = await findUpload(ctx.db, faceUploadId);
    const faceBytes = face === null ? null : await ctx.files.get(face.fileKey);
    if (face === null || faceBytes === null) return refuse(409, "identity.faceFirst");
    if ([front, back, holding].some((photo) => photo.upload.fileKey === face.fileKey)) {
      return refuseInput([{ key: "identity.face.notLive", field: "frontPhotoUrl" }]);
    }

    const idNumber = parseIdNumber(details.value.idNumber)?.normalized ?? details.value.idNumber;
    const cardPhotos: CardPhoto[] = [
      { field: "frontPhotoUrl", upload: front.upload, bytes: front.bytes },
      { field: "holdingPhotoUrl", upload: holding.upload, bytes: holding.bytes },
    ];
    // Details confirmed before and now edited: a photo kept then is its masked copy
    // (docs/privacy.md, "Images"), on which the number was found before it was hidden. With the
    // same number it needs no second search; another number needs photos that show it, which
    // is said before any attempt is counted or any face compared.
    const keptUploads = new Set([identity.frontUploadId, identity.holdingUploadId]);
    const kept = cardPhotos.filter((photo) => keptUploads.has(photo.upload.id));
    const toSearch = cardPhotos.filter((photo) => !keptUploads.has(photo.upload.id));
    if (kept.length > 0 && identity.idNumberHash !== ctx.personalData.lookupHash(idNumber)) {
      return refuseInput([{ key: "identity.idNumber.newPhotosNeeded", field: "idNumber" }]);
    }

    const attempt = await reserveAttempt(ctx.db, caller.userId, "confirm", now);
    if (attempt === null) return refuse(429, "common.operationTooFrequent");
    // Compared in memory on the photos as sent: clear ones, or the masked copies kept from an
    // earlier confirmation (masking covers the number, never a face).
    const verification = await verifyFaceAttempt(
      ctx,
      attempt,
      faceBytes,
      { front: front.bytes, holding: holding.bytes },
      { faceUploadId },
    );
    if (verification.decision === "noMatch") {
      await finishAttempt(ctx.db, attempt, {
        passed: false,
        details: faceRecord(verification, { faceUploadId }),
      });
      return refuseCardFace(verification);
    }
    const decision = verification.decision;

    const search = await findCardNumbers(ctx, idNumber, toSearch);
    await finishAttempt(ctx.db, attempt, {
      passed: search.outcome.kind === "found",
      details: faceRecord(verification, {
        faceUploadId,
        masking: { ...search.record, kept: kept.map((photo) => photo.field) },
      }),
    });
    if (search.outcome.kind === "unavailable") {
      return refuse(500, "identity.idCard.maskingUnavailable");
    }
    if (search.outcome.kind === "refused") return refuseInput([search.outcome.problem]);

    // Only masked copies are kept, as new uploads (docs/privacy.md, "Images").
    const masked = new Map<CardPhoto["field"], UploadRow>(
      kept.map((photo) => [photo.field, photo.upload]),
    );
    await Promise.all(
      search.outcome.masks.map(async ({ photo, hidden }) => {
        const copy = await maskedCopy(photo.bytes, photo.upload.mimeType as ImageMimeType, hidden);
        masked.set(photo.field, await saveUpload(ctx.db, ctx.files, caller.userId, copy, now));
      }),
    );
    const maskedFront = masked.get("frontPhotoUrl");
    const maskedHolding = masked.get("holdingPhotoUrl");
    if (maskedFront === undefined || maskedHolding === undefined) {
      return refuse(500, "server.error");
    }

    const saved = await ctx.db.transaction(async (tx) => {
      // A new live capture accepted meanwhile was not compared with these photos.
      const current = await lockIdentity(tx, caller.userId);
      if (current?.faceUploadId !== faceUploadId) return false;
      // docs/identity.md, "One person, one identity": this face and number are nobody else's.
      const elsewhere = await claimOneIdentity(ctx, tx, {
        userId: caller.userId,
        idNumberHash: ctx.personalData.lookupHash(idNumber),
        embedding: verification.liveEmbedding,
        matchThreshold: verification.thresholds.match,
        actor: actorOf(caller),
        ip,
        now,
      });
      if (elsewhere !== null) return elsewhere;
      await saveIdentity(
        tx,
        caller.userId,
        {
          frontUploadId: maskedFront.id,
          backUploadId: back.upload.id,
          holdingUploadId: maskedHolding.id,
          name: details.value.name,
          idNumberSealed: ctx.personalData.seal(idNumber),
          idNumberHash: ctx.personalData.lookupHash(idNumber),
          idNumberMasked: maskIdNumber(idNumber),
          gender: details.value.gender,
          birthday: details.value.birthday,
          address: details.value.address,
          sharedDebtConsent: details.value.sharedDebtConsent,
          idCardVerifiedAt: now,
          faceDecision: decision,
          faceScore: verification.score,
        },
        now,
      );
      await dropClearUploads(tx, caller.userId, toSearch);
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.confirm",
        subjectId: caller.userId,
        ip,
        at: now,
        details: {
          sharedDebtConsent: details.value.sharedDebtConsent,
          score: verification.score,
          decision,
          idNumberMasked: maskIdNumber(idNumber),
          uploads: { face: faceUploadId, front: maskedFront.id, holding: maskedHolding.id },
        },
      });
      return true;
    });
    if (saved === false) return refuse(409, "identity.faceFailed");
    if (saved !== true) return refuse(409, saved);
    await deleteClearFiles(ctx, toSearch);
    return succeed(null);
  },

  "identity.addEmergencyContacts": async ({ ctx, caller, ip, now }, input) => {
    // Checked first: correcting a refused form is not a repeated submission.
    const validated = validateEmergencyContacts(input, caller.phone);
    if (!validated.ok) return refuseDomain(validated.errors);
    const attempt = await reserveAttempt(ctx.db, caller.userId, "contacts", now);
    if (attempt === null) return refuse(429, "common.operationTooFrequent");
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
        subjectId: caller.userId,
        ip,
        at: now,
      });
    });
    await finishAttempt(ctx.db, attempt, { passed: true, details: {} });
    return succeed(null);
  },

  "identity.userDetail": async ({ ctx, caller, now }) => userDetailOf(ctx, caller, now),
};

async function userDetailOf(ctx: ServerContext, caller: Caller, now: Date) {
  const [identity, contacts, locked] = await Promise.all([
    findIdentity(ctx.db, caller.userId),
    findContacts(ctx.db, caller.userId),
    // As ocrConfirm refuses: what a signed contract was signed by stays (docs/identity.md).
    hasSignedContracts(ctx.db, caller.userId),
  ]);
  const address = (uploadId: string | null | undefined) =>
    uploadId ? ctx.fileAddresses.addressFor(uploadId, caller.userId, now) : null;
  return succeed({
    verified: isVerified(identity),
    faceDecision: identity?.faceDecision ?? null,
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
    locked,
  });
}
