import type { Caller } from "../auth/sessions";
import { type Outcome, succeed } from "../outcome";
import type { ContractRow } from "./contract-store";

/**
 * Whether the borrower may sign this contract now, beyond being its borrower. Identity
 * verification (face check, ID card, contacts) becomes a precondition here when that issue
 * lands; until then every borrower of the contract may sign.
 */
export function borrowerMaySign(_caller: Caller, _contract: ContractRow): Outcome<null> {
  return succeed(null);
}
