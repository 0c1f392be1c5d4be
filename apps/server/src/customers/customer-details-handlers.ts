import { maskPhone, type Relation } from "@chayong/domain";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import type { ServerContext } from "../context";
import { contractForCaller } from "../contracts/contract-access";
import { summarizeRows } from "../contracts/contract-store";
import { contracts, users } from "../db/schema";
import { mayViewIdentityOf } from "../identity/identity-access";
import {
  faceReviewFor,
  findContacts,
  findIdentity,
  type IdentityRow,
  isVerified,
} from "../identity/identity-store";
import { linkedAccountsOf } from "../identity/one-identity";
import { succeed } from "../outcome";
import { isBlocked } from "./block-list";

/** How many of the borrower's contracts with this lender the details list. */
const contractsShown = 50;

/**
 * A contract's borrower as its lender sees them (docs/customers.md, "Customer details"): what
 * the borrower has verified so far, the ID number masked, the images at addresses signed for
 * this lender; only for the lender of the contract, and every view audited.
 */
export const customerDetailHandlers: Pick<Handlers, "contract.userDetails"> = {
  "contract.userDetails": async ({ ctx, caller, ip, now }, input) => {
    const found = await contractForCaller(ctx.db, caller, input.id);
    if (!found.ok) return found;
    const contract = found.value;
    // The borrower's account: bound to this contract, or found by its phone (a borrower who
    // opened another of this lender's contracts; mayViewIdentityOf decides what is shown).
    const borrowerId =
      contract.borrowerId ??
      (
        await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.phone, contract.borrowerPhone))
      )[0]?.id ??
      null;
    // Identity data only while this lender has a live relationship with the borrower.
    const mayView = borrowerId !== null && (await mayViewIdentityOf(ctx.db, caller, borrowerId));
    const [identity, contacts] = mayView
      ? await Promise.all([findIdentity(ctx.db, borrowerId), findContacts(ctx.db, borrowerId)])
      : [null, []];
    const rows = await ctx.db
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.lenderId, caller.userId),
          eq(contracts.borrowerPhone, contract.borrowerPhone),
          // A deleted (cancelled) contract has left the lender's list: it is not his business
          // with this borrower any more (docs/customers.md, "Customer details").
          isNull(contracts.cancelledAt),
        ),
      )
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(contractsShown);
    const image = (uploadId: string | null | undefined) =>
      uploadId ? ctx.fileAddresses.addressFor(uploadId, caller.userId, now) : null;
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "customer.view",
      subjectId: borrowerId,
      ip,
      at: now,
      details: { contractId: contract.id, identityShown: identity !== null },
    });
    return succeed({
      status: (await isBlocked(ctx.db, caller.userId, contract.borrowerPhone))
        ? ("blocked" as const)
        : ("normal" as const),
      name: identity?.name ?? null,
      phone: contract.borrowerPhone,
      contacts: contacts.map((contact) => ({
        name: contact.name,
        phone: contact.phone,
        relation: contact.relation as Relation,
      })),
      idNumberMasked: identity?.idNumberMasked ?? null,
      gender: identity?.gender ?? null,
      birthday: identity?.birthday ?? null,
      address: identity?.address ?? null,
      idCardFrontUrl: image(identity?.frontUploadId),
      idCardBackUrl: image(identity?.backUploadId),
      holdingPhotoUrl: image(identity?.holdingUploadId),
      facePhotoUrl: image(identity?.faceUploadId),
      verified: isVerified(identity),
      faceReview: await faceReviewOf(ctx, identity, caller.userId),
      alsoVerifiedOn: identity === null ? [] : await alsoVerifiedOn(ctx, identity.userId),
      contracts: await summarizeRows(ctx.db, rows, now),
    });
  },
};

/** The borrower's face check as this lender has to look at it, when it came out `review`. */
async function faceReviewOf(ctx: ServerContext, identity: IdentityRow | null, lenderId: string) {
  const status = await faceReviewFor(ctx.db, identity, lenderId);
  if (status === null || identity === null) return null;
  return {
    status,
    score: identity.faceScore ?? 0,
    thresholds: ctx.config.identityEngines.faceThresholds,
  };
}

/**
 * The borrower's other accounts found to be him (docs/identity.md, "One person, one identity"),
 * by their phones masked: the lender learns that there are others, not their numbers.
 */
async function alsoVerifiedOn(ctx: ServerContext, borrowerId: string): Promise<string[]> {
  const linked = await linkedAccountsOf(ctx.db, borrowerId);
  if (linked.length === 0) return [];
  const rows = await ctx.db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.id, linked));
  const phoneOf = new Map(rows.map((row) => [row.id, row.phone]));
  return linked.flatMap((id) => {
    const phone = phoneOf.get(id);
    return phone === undefined ? [] : [maskPhone(phone)];
  });
}
