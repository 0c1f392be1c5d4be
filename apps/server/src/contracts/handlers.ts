import { randomUUID } from "node:crypto";
import {
  type ContractTerms,
  maskPhone,
  overdueIfSignedOn,
  todayIn,
  validateContractDraft,
} from "@chayong/domain";
import { eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Call, Handlers, InputProblemsOf } from "../calls/call";
import type { Caller, LenderProfile } from "../calls/caller";
import { isBlocked } from "../customers/block-list";
import { bookContractOf, changeBook } from "../customers/book-days";
import type { Db } from "../db/database";
import { contractSignatures, contracts, templates } from "../db/schema";
import { findIdentity } from "../identity/identity-store";
import {
  fieldProblemOf,
  type Outcome,
  refuse,
  refuseDomain,
  refuseInput,
  refuseWith,
  succeed,
} from "../outcome";
import { contractForCaller } from "./contract-access";
import { renderContractDocument } from "./contract-document";
import { readContractDocument } from "./contract-document-content";
import { listContractsAudited } from "./contract-list";
import { nextContractNumber } from "./contract-number";
import {
  lenderLicenceNumber,
  partiesAtSigning,
  readContractParties,
  type SignatureRow,
} from "./contract-parties";
import {
  type ContractRow,
  newShareCode,
  readModelOf,
  shareLinkLifetimeMs,
  summarizeOne,
  termsSha256,
  writeReadModel,
} from "./contract-store";
import { documentFontsHref } from "./document-fonts";
import { type ContractSeal, findSeal, sealContract } from "./seal/contract-seal";
import { checkSignatureImage } from "./signature-image";
import { borrowerMaySign } from "./signing-policy";

export const contractHandlers: Pick<
  Handlers,
  | "contract.add"
  | "contract.query"
  | "contract.detail"
  | "contract.open"
  | "contract.view"
  | "contract.sign"
  | "contract.cancel"
  | "contract.reissueLink"
  | "contract.reminders"
> = {
  "contract.add": async ({ ctx, caller, ip, device, now }, input) => {
    const lender = caller.lender;
    if (lender === null) return refuse(403, "access.forbidden");
    const validated = validateDraftOf(caller, lender, input, now);
    if (!validated.ok) return refuseDomain(validated.errors);
    const terms: ContractTerms = validated.value;
    return ctx.db.transaction(async (tx) => {
      if (await isBlocked(tx, caller.userId, terms.borrowerPhone)) {
        return refuse(409, "contract.borrowerBlocked", undefined, "borrowerPhone");
      }
      if (terms.templateId !== undefined) {
        const [template] = await tx
          .select({ lenderId: templates.lenderId, removedAt: templates.removedAt })
          .from(templates)
          .where(eq(templates.id, terms.templateId));
        if (
          template === undefined ||
          template.lenderId !== caller.userId ||
          template.removedAt !== null
        ) {
          return refuseInput([{ key: "template.notFound", field: "templateId" }]);
        }
      }
      const [row] = await tx
        .insert(contracts)
        .values({
          id: randomUUID(),
          code: newShareCode(),
          linkExpiresAt: new Date(now.getTime() + shareLinkLifetimeMs),
          number: await nextContractNumber(tx, caller.userId, todayIn(lender.timeZone, now)),
          lenderId: caller.userId,
          borrowerPhone: terms.borrowerPhone,
          templateId: terms.templateId ?? null,
          name: terms.name,
          instalment: terms.instalment,
          jurisdiction: terms.jurisdiction,
          currency: terms.currency,
          timeZone: lender.timeZone,
          terms,
          createdAt: now,
        })
        .returning();
      if (row === undefined) throw new Error("contract insert returned nothing");
      const model = readModelOf(terms, [], todayIn(lender.timeZone, now));
      await writeReadModel(tx, row.id, model);
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "contract.add",
        subjectId: row.id,
        ip,
        device,
        at: now,
        details: { effectiveAnnualRatePercent: terms.effectiveAnnualRatePercent },
      });
      return succeed(await summarizeOne(tx, { ...row, ...model.columns }, now));
    });
  },

  // A list shows borrowers' phones: a view of personal data, recorded like the document, by the
  // statement that reads it (listContractsAudited).
  "contract.query": ({ ctx, caller, ip, device, now }, input) =>
    listContractsAudited(ctx.db, caller, input, now, ip, device),

  // Cancelled contracts are answered like the document answers them: flagged, not hidden.
  "contract.detail": async ({ ctx, caller, ip, device, now }, input) => {
    const found = await contractForCaller(ctx.db, caller, input.id);
    if (!found.ok) return found;
    const contract = await detailOf(ctx.db, found.value, now);
    // The answer shows the borrower's phone and identity: a view of personal data, recorded like
    // the document.
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.detail",
      subjectId: contract.id,
      ip,
      device,
      at: now,
    });
    return succeed(contract);
  },

  "contract.open": async ({ ctx, caller, ip, device, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(contracts)
        .where(eq(contracts.code, input.code))
        .for("update");
      if (row === undefined || row.cancelledAt !== null) return refuse(404, "contract.notFound");
      // Before signing, the link opens the contract for 7 days; a signed one stays reachable.
      if (linkHasExpired(row, now)) {
        // When it stopped working, for the page that says so (docs/contracts.md, "Share link").
        return refuseWith(refuse(409, "contract.linkExpired"), {
          linkExpiresAt: row.linkExpiresAt.toISOString(),
        });
      }
      if (row.borrowerPhone !== caller.phone) {
        // Whoever holds the share code was sent the link: telling them which number it went to
        // (masked) lets them log in with it (docs/contracts.md, "Opening a contract").
        return refuseWith(refuse(403, "contract.notYourContract"), {
          sentToPhone: maskPhone(row.borrowerPhone),
        });
      }
      if (row.openedAt !== null) return succeed(await detailOf(tx, row, now));
      const [opened] = await tx
        .update(contracts)
        .set({ openedAt: now, borrowerId: caller.userId })
        .where(eq(contracts.id, row.id))
        .returning();
      if (opened === undefined) throw new Error("contract update returned nothing");
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "contract.open",
        subjectId: row.id,
        ip,
        device,
        at: now,
      });
      return succeed(await detailOf(tx, opened, now));
    }),

  "contract.view": async ({ ctx, caller, ip, device, now, locale }, input) => {
    const found = await contractForCaller(ctx.db, caller, input.id);
    if (!found.ok) return found;
    const row = found.value;
    const document = await readContractDocument(ctx.db, row, now);
    // The document shows the borrower's phone and signature: a view of personal data.
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.view",
      subjectId: row.id,
      ip,
      device,
      at: now,
    });
    return succeed(
      renderContractDocument({
        ...document,
        locale,
        fontsHref: documentFontsHref(ctx.config.webDir),
      }),
    );
  },

  "contract.sign": async (call, input) => signContract(call, input),

  // A new code replaces the old at once: a link sent to the wrong person, or one past its 7 days,
  // stops working the moment the lender issues another (docs/contracts.md, "Share link").
  "contract.reissueLink": async ({ ctx, caller, ip, device, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const found = await contractForCaller(tx, caller, input.id, { lock: true });
      if (!found.ok) return found;
      const row = found.value;
      if (row.cancelledAt !== null || row.signedAt !== null) {
        return refuse(409, "contract.linkReissueNotAllowed");
      }
      const linkExpiresAt = new Date(now.getTime() + shareLinkLifetimeMs);
      const [reissued] = await tx
        .update(contracts)
        .set({ code: newShareCode(), linkExpiresAt })
        .where(eq(contracts.id, row.id))
        .returning();
      if (reissued === undefined) throw new Error("contract update returned nothing");
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "contract.reissueLink",
        subjectId: row.id,
        ip,
        device,
        at: now,
        details: { linkExpiresAt: linkExpiresAt.toISOString() },
      });
      return succeed(await summarizeOne(tx, reissued, now));
    }),

  // Receipts are not the lender's to turn off: a borrower is always told what was recorded.
  "contract.reminders": async ({ ctx, caller, ip, device, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const found = await contractForCaller(tx, caller, input.id, { lock: true });
      if (!found.ok) return found;
      const row = found.value;
      if (row.cancelledAt !== null) return refuse(404, "contract.notFound");
      const [changed] = await tx
        .update(contracts)
        .set({ reminders: input.on })
        .where(eq(contracts.id, row.id))
        .returning();
      if (changed === undefined) throw new Error("contract update returned nothing");
      if (row.reminders !== input.on) {
        await recordAudit(tx, {
          actor: actorOf(caller),
          action: "contract.reminders",
          subjectId: row.id,
          ip,
          device,
          at: now,
          details: { on: input.on },
        });
      }
      return succeed(await summarizeOne(tx, changed, now));
    }),

  "contract.cancel": async ({ ctx, caller, ip, device, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const found = await contractForCaller(tx, caller, input.id, { lock: true });
      if (!found.ok) return found;
      const row = found.value;
      if (row.cancelledAt !== null) return refuse(404, "contract.notFound");
      if (row.signedAt !== null) return refuse(409, "contract.cancelNotAllowed");
      await tx
        .update(contracts)
        .set({ cancelledAt: now, cancelledBy: caller.userId })
        .where(eq(contracts.id, row.id));
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "contract.cancel",
        subjectId: row.id,
        ip,
        device,
        at: now,
        details: { status: row.openedAt === null ? "type1" : "type2" },
      });
      return succeed({ id: row.id, cancelledAt: now.toISOString() });
    }),
};

/** The contract form's rules for this lender (docs/validation.md#contract-form). */
function validateDraftOf(caller: Caller, lender: LenderProfile, draft: unknown, now: Date) {
  return validateContractDraft(draft, {
    jurisdiction: lender.jurisdiction,
    today: todayIn(lender.timeZone, now),
    // A contract addressed to the lender's own phone is refused (docs/screens.md).
    lenderPhone: caller.phone,
  });
}

/**
 * A contract its schema refused, with the form's rules that need the lender run on the fields
 * that parsed (an empty name, a malformed phone and an amount lent below the one paid out: all
 * three at once). The idempotency key is the creation's, not the draft's (docs/idempotency.md).
 */
export const contractInputProblems: InputProblemsOf = {
  "contract.add": ({ caller, now }, payload) => {
    if (caller?.lender == null || typeof payload !== "object" || payload === null) return [];
    const { idempotencyKey: _key, ...draft } = payload as Record<string, unknown>;
    const validated = validateDraftOf(caller, caller.lender, draft, now);
    return validated.ok ? [] : validated.errors.map(fieldProblemOf);
  },
};

/** The borrower of that contract: the phone it was addressed to and, once opened, that account. */
function isBorrowerOf(caller: Caller, row: ContractRow): boolean {
  return (
    row.borrowerPhone === caller.phone &&
    (row.borrowerId === null || row.borrowerId === caller.userId)
  );
}

/** A contract not yet signed whose share link is past its 7 days (or was replaced). */
function linkHasExpired(row: ContractRow, now: Date): boolean {
  return row.signedAt === null && row.linkExpiresAt.getTime() <= now.getTime();
}

/** Why this caller may not sign this contract now, or null when they may. */
async function signingRefusal(
  db: Db,
  caller: Caller,
  row: ContractRow | undefined,
  request: SignRequest,
  now: Date,
): Promise<Outcome<never> | null> {
  if (row === undefined || row.cancelledAt !== null) return refuse(404, "contract.notFound");
  if (!isBorrowerOf(caller, row)) return refuse(403, "access.forbidden");
  if (row.signedAt !== null) return refuse(409, "contract.alreadySigned");
  if (linkHasExpired(row, now)) return refuse(409, "contract.linkExpired");
  // A debt already overdue is signed only knowingly (docs/contracts.md, "Signing into an
  // overdue debt"): the app shows what is owed at once and asks for the tick this carries.
  if (
    request.acknowledgeOverdue !== true &&
    overdueIfSignedOn(row.terms as ContractTerms, todayIn(row.timeZone, now)) !== null
  ) {
    return refuse(409, "contract.overdueNotAcknowledged", undefined, "acknowledgeOverdue");
  }
  const policy = await borrowerMaySign(db, caller, row);
  return policy.ok ? null : policy;
}

type SignRequest = { id: string; signature: string; acknowledgeOverdue?: boolean | undefined };

/**
 * The borrower signs, once. Who may sign is checked before the image is decoded (a stranger's
 * upload costs nothing), the image outside any transaction (decoding never holds a lock), and
 * both again under the row lock: two concurrent attempts queue, the second sees the first's
 * signature and answers 409 (the signature table's primary key would refuse it too).
 */
async function signContract(
  { ctx, caller, ip, device, origin, locale, now }: Call<Caller>,
  input: SignRequest,
): ReturnType<Handlers["contract.sign"]> {
  const signed = await signInTransaction({ ctx, caller, ip, device, now }, input);
  if (!signed.ok) return signed;
  // Sealed as soon as it is signed, in the signer's language (docs/contract-pdf.md, "Sealing").
  // The signature stands if this fails: the first download seals it then.
  try {
    const seal = await sealContract(ctx, signed.value.row, {
      locale,
      origin,
      occasion: "signing",
      now,
    });
    return succeed({ ...signed.value.detail, seal: sealAnswer(seal) });
  } catch (error) {
    ctx.logger.error({ err: error, contractId: input.id }, "sealing a signed contract failed");
    return succeed(signed.value.detail);
  }
}

async function signInTransaction(
  { ctx, caller, ip, device, now }: Pick<Call<Caller>, "ctx" | "caller" | "ip" | "device" | "now">,
  input: SignRequest,
) {
  const [current] = await ctx.db.select().from(contracts).where(eq(contracts.id, input.id));
  const refused = await signingRefusal(ctx.db, caller, current, input, now);
  if (refused) return refused;
  const image = checkSignatureImage(input.signature);
  if (!image.ok) return refuseInput([{ key: image.key, field: "signature" }]);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(contracts).where(eq(contracts.id, input.id)).for("update");
    const refusedNow = await signingRefusal(tx, caller, row, input, now);
    if (refusedNow) return refusedNow;
    const signing = row as ContractRow;
    const terms = signing.terms as ContractTerms;
    const hash = termsSha256(terms);
    const identity = await findIdentity(tx, caller.userId);
    // The contract names its parties as they are now, whatever either changes later.
    const parties = partiesAtSigning(identity, await lenderLicenceNumber(tx, signing.lenderId));
    const [signature] = await tx
      .insert(contractSignatures)
      .values({
        contractId: signing.id,
        signerId: caller.userId,
        imagePng: image.png.toString("base64"),
        termsSha256: hash,
        signedAt: now,
        ip,
        ...parties,
      })
      .returning();
    const [signed] = await tx
      .update(contracts)
      .set({ signedAt: now, openedAt: signing.openedAt ?? now, borrowerId: caller.userId })
      .where(eq(contracts.id, signing.id))
      .returning();
    if (signed === undefined) throw new Error("contract update returned nothing");
    // The contract joins its lender's statistics (docs/customers.md, "Statistics").
    const book = bookContractOf(signed);
    if (book !== null) {
      await changeBook(tx, book, null, readModelOf(terms, [], todayIn(signed.timeZone, now)));
    }
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: "contract.sign",
      subjectId: signing.id,
      ip,
      device,
      at: now,
      details: {
        termsSha256: hash,
        signatureBytes: image.png.length,
        // Who signed, as verified then (docs/identity.md): the record a later dispute reads.
        identity: identity && {
          idNumberMasked: identity.idNumberMasked,
          faceUploadId: identity.faceUploadId,
          frontUploadId: identity.frontUploadId,
          holdingUploadId: identity.holdingUploadId,
          idCardVerifiedAt: identity.idCardVerifiedAt?.toISOString() ?? null,
        },
      },
    });
    return succeed({ row: signed, detail: await detailOf(tx, signed, now, signature ?? null) });
  });
}

/** A contract with its parties: the answer of detail, open and sign. */
async function detailOf(db: Db, row: ContractRow, now: Date, signature?: SignatureRow | null) {
  const [contract, parties, seal] = await Promise.all([
    summarizeOne(db, row, now),
    readContractParties(db, row, signature),
    row.signedAt === null ? null : findSeal({ db }, row.id),
  ]);
  return { ...contract, parties, seal: seal && sealAnswer(seal) };
}

function sealAnswer(seal: ContractSeal) {
  return { pdfSha256: seal.pdfSha256, sealedAt: seal.sealedAt.toISOString() };
}
