import { eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import { contractForCaller } from "../contracts/contract-access";
import { identityReviews, users } from "../db/schema";
import { faceReviewFor, lockIdentity, reviewedPhotosOf } from "../identity/identity-store";
import { localeOfJurisdiction, serverText } from "../messages/message-for";
import { refuse, succeed } from "../outcome";

/**
 * A lender decides on his borrower's face check that came out `review` (docs/identity.md,
 * "Three outcomes"), for his own contracts: once per check (a new check is a new review),
 * audited, and the borrower told by SMS. Only through a contract of his that the borrower
 * opened and that is not signed or cancelled: a lender looks at a face because he is about to
 * lend to it.
 */
export const faceReviewHandlers: Pick<Handlers, "contract.faceReview"> = {
  "contract.faceReview": async ({ ctx, caller, ip, now }, input) => {
    const outcome = await ctx.db.transaction(async (tx) => {
      const found = await contractForCaller(tx, caller, input.id, { lock: true });
      if (!found.ok) return found;
      const contract = found.value;
      if (contract.cancelledAt !== null) return refuse(404, "contract.notFound");
      if (contract.borrowerId === null || contract.signedAt !== null) {
        return refuse(409, "identity.review.notNeeded");
      }
      const identity = await lockIdentity(tx, contract.borrowerId);
      const photos = identity && reviewedPhotosOf(identity);
      const status = await faceReviewFor(tx, identity, caller.userId);
      if (identity === null || photos === null || status !== "pending") {
        return refuse(409, "identity.review.notNeeded");
      }
      const score = identity.faceScore ?? 0;
      await tx.insert(identityReviews).values({
        borrowerId: identity.userId,
        lenderId: caller.userId,
        ...photos,
        decision: input.decision,
        score,
        decidedAt: now,
      });
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "identity.review",
        subjectId: identity.userId,
        ip,
        at: now,
        details: {
          contractId: contract.id,
          decision: input.decision,
          score,
          uploads: {
            face: photos.faceUploadId,
            front: photos.frontUploadId,
            holding: photos.holdingUploadId,
          },
        },
      });
      const [borrower] = await tx
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, identity.userId));
      return succeed({ phone: borrower?.phone ?? null, jurisdiction: contract.jurisdiction });
    });
    if (!outcome.ok) return outcome;
    // After the commit: the decision stands whether or not the text reaches him; the app shows
    // it too (the contract's parties, the sign page).
    const { phone, jurisdiction } = outcome.value;
    if (phone !== null) {
      const locale = localeOfJurisdiction(jurisdiction);
      const lender = caller.lender?.displayName ?? "";
      const delivery = await ctx.sms.send({
        kind: "faceReview",
        phone,
        locale,
        text: serverText(`sms.faceReview.${input.decision}`, locale, { lender }),
      });
      ctx.metrics?.sms(ctx.sms.name, delivery.ok);
    }
    return succeed(null);
  },
};
