import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { faceReviewFor, findIdentity, isVerified } from "../identity/identity-store";
import { type Outcome, refuse, succeed } from "../outcome";
import type { ContractRow } from "./contract-store";

/**
 * Whether the borrower may sign this contract now, beyond being its borrower: identity
 * verification (live face check, ID card, two emergency contacts) must be complete
 * (docs/identity.md, "Signing needs a verified borrower"), and a face check that came out
 * `review` must have been approved by this contract's lender ("Three outcomes").
 */
export async function borrowerMaySign(
  db: Db,
  caller: Caller,
  contract: ContractRow,
): Promise<Outcome<null>> {
  const identity = await findIdentity(db, caller.userId);
  if (!isVerified(identity)) return refuse(409, "identity.notVerified");
  const review = await faceReviewFor(db, identity, contract.lenderId);
  if (review === "pending") return refuse(409, "identity.underReview");
  if (review === "refused") return refuse(409, "identity.reviewRefused");
  return succeed(null);
}
