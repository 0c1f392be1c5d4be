import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { findIdentity, isVerified } from "../identity/identity-store";
import { type Outcome, refuse, succeed } from "../outcome";
import type { ContractRow } from "./contract-store";

/**
 * Whether the borrower may sign this contract now, beyond being its borrower: identity
 * verification (live face check, ID card, two emergency contacts) must be complete
 * (docs/identity.md, "Signing needs a verified borrower").
 */
export async function borrowerMaySign(
  db: Db,
  caller: Caller,
  _contract: ContractRow,
): Promise<Outcome<null>> {
  const identity = await findIdentity(db, caller.userId);
  return isVerified(identity) ? succeed(null) : refuse(409, "identity.notVerified");
}
