import * as v from "valibot";
import type { CalendarDate } from "../dates";

// What the SDK's answers need of identity (the lists and a lender's view of a customer), apart
// from the request rules in identity.ts: those validate phones (libphonenumber), these do not,
// so a browser that only reads answers never loads the phone rules.

/** Emergency contact relations (docs/entities.md#identity-details); `friend` means friend or classmate. */
export const relations = ["parents", "spouse", "siblings", "colleague", "friend"] as const;
export type Relation = (typeof relations)[number];

/** Exactly two emergency contacts (docs/constants.md#identity). */
export const emergencyContactCount = 2;

export interface EmergencyContact {
  name: string;
  /** E.164 */
  phone: string;
  relation: Relation;
}

export const genders = ["male", "female"] as const;
export type Gender = (typeof genders)[number];

/** A borrower as a lender sees them (docs/entities.md#customer-info customer info); the ID number only masked. */
export type CustomerStatus = "normal" | "blocked";
export const customerStatuses = ["normal", "blocked"] as const satisfies readonly CustomerStatus[];

export interface CustomerInfo {
  status: CustomerStatus;
  name: string | null;
  phone: string;
  contacts: EmergencyContact[];
  idNumberMasked: string | null;
  gender: Gender | null;
  birthday: CalendarDate | null;
  address: string | null;
  /** Addresses of the images, served only with an authorised token. */
  idCardFrontUrl: string | null;
  idCardBackUrl: string | null;
  holdingPhotoUrl: string | null;
  facePhotoUrl: string | null;
}

export const customerInfoSchema = v.object({
  status: v.picklist(customerStatuses),
  name: v.nullable(v.string()),
  phone: v.string(),
  contacts: v.array(
    v.object({ name: v.string(), phone: v.string(), relation: v.picklist(relations) }),
  ),
  idNumberMasked: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  birthday: v.nullable(v.string()),
  address: v.nullable(v.string()),
  idCardFrontUrl: v.nullable(v.string()),
  idCardBackUrl: v.nullable(v.string()),
  holdingPhotoUrl: v.nullable(v.string()),
  facePhotoUrl: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, CustomerInfo>;
