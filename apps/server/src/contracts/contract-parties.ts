import type { ContractTerms } from "@chayong/domain";
import type { ContractParties, VerifiedParty } from "@chayong/sdk";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { contractSignatures, lenderProfiles } from "../db/schema";
import { faceReviewFor, findIdentity, type IdentityRow } from "../identity/identity-store";
import type { ContractRow } from "./contract-store";

export type SignatureRow = typeof contractSignatures.$inferSelect;

/** The borrower's verified identity as a contract names him, or null before he confirmed it. */
export function verifiedPartyOf(identity: IdentityRow | null): VerifiedParty | null {
  if (
    identity?.idCardVerifiedAt == null ||
    identity.name === null ||
    identity.idNumberMasked === null ||
    identity.address === null
  ) {
    return null;
  }
  return {
    name: identity.name,
    idNumberMasked: identity.idNumberMasked,
    address: identity.address,
  };
}

/** What `contract.sign` keeps of the parties (docs/contracts.md, "Parties"). */
export function partiesAtSigning(identity: IdentityRow | null, licenceNumber: string | null) {
  const borrower = verifiedPartyOf(identity);
  return {
    borrowerName: borrower?.name ?? null,
    borrowerIdNumberMasked: borrower?.idNumberMasked ?? null,
    borrowerAddress: borrower?.address ?? null,
    lenderLicenceNumber: licenceNumber,
  };
}

export async function lenderLicenceNumber(db: Db, lenderId: string): Promise<string | null> {
  const [profile] = await db
    .select({ licenceNumber: lenderProfiles.licenceNumber })
    .from(lenderProfiles)
    .where(eq(lenderProfiles.userId, lenderId));
  return profile?.licenceNumber ?? null;
}

/**
 * Who the contract is between (docs/contracts.md, "Parties"). Signed: as kept at signing.
 * Before: the lender's licence number now, and the borrower bound to the contract as he has
 * verified himself so far (none until he opened it and confirmed his ID card).
 */
export async function readContractParties(
  db: Db,
  row: ContractRow,
  signature?: SignatureRow | null,
): Promise<ContractParties> {
  const terms = row.terms as ContractTerms;
  const signed =
    signature === undefined
      ? ((
          await db
            .select()
            .from(contractSignatures)
            .where(eq(contractSignatures.contractId, row.id))
        )[0] ?? null)
      : signature;
  const lender = { name: terms.lender, merchantName: terms.merchantName };
  if (signed !== null && signed.borrowerName !== null) {
    // Signed: any review it needed was approved before.
    return {
      lender: { ...lender, licenceNumber: signed.lenderLicenceNumber },
      borrower: {
        phone: row.borrowerPhone,
        identity: {
          name: signed.borrowerName,
          idNumberMasked: signed.borrowerIdNumberMasked ?? "",
          address: signed.borrowerAddress ?? "",
        },
        faceReview: null,
      },
    };
  }
  const [licenceNumber, identity] = await Promise.all([
    lenderLicenceNumber(db, row.lenderId),
    row.borrowerId === null ? null : findIdentity(db, row.borrowerId),
  ]);
  return {
    lender: { ...lender, licenceNumber },
    borrower: {
      phone: row.borrowerPhone,
      identity: verifiedPartyOf(identity),
      faceReview: await faceReviewFor(db, identity, row.lenderId),
    },
  };
}
