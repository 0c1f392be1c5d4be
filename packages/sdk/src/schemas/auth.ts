import { jurisdictionSchema } from "@chayong/domain";
import * as v from "valibot";

export const roleSchema = v.picklist(["lender", "borrower"]);
export type Role = v.InferOutput<typeof roleSchema>;

export const sendCodeAnswerSchema = v.object({
  /** Seconds before another code may be requested (the 'resend' button waits this long). */
  resendAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Seconds the code stays valid. */
  expiresInSeconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** The token goes to NSCPER; loginInfo is stored as the app's `loginInfo` entry. */
export const loginAnswerSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  loginInfo: v.object({ userId: v.string(), uuId: v.string() }),
  role: roleSchema,
});

export const lenderProfileSchema = v.object({
  displayName: v.string(),
  merchantName: v.string(),
  /** Licence / registration number, shown on contracts when set. */
  licenceNumber: v.nullable(v.string()),
  jurisdiction: jurisdictionSchema,
  /** The business time zone "today" is computed in. */
  timeZone: v.string(),
});

/** The signed-in user (queryCashUser). */
export const cashUserSchema = v.object({
  userId: v.string(),
  /** E.164 */
  phone: v.string(),
  role: roleSchema,
  /** Present for lenders only. */
  lender: v.nullable(lenderProfileSchema),
  /** Borrowers: face check and ID card done (later issue; false until then). */
  identityVerified: v.boolean(),
  /**
   * The caller's own name, to greet him by: a borrower's as he confirmed it in verification, a
   * lender's as in his profile; null until known. Optional on the wire: a server older than this
   * field answers without it.
   */
  name: v.optional(v.nullable(v.string()), null),
});

export type SendCodeAnswer = v.InferOutput<typeof sendCodeAnswerSchema>;
export type LoginAnswer = v.InferOutput<typeof loginAnswerSchema>;
export type LenderProfile = v.InferOutput<typeof lenderProfileSchema>;
export type CashUser = v.InferOutput<typeof cashUserSchema>;
