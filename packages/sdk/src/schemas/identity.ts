import { calendarDateSchema, genders, relations } from "@chayong/domain";
import * as v from "valibot";

// Identity verification comes in a later issue (decisions §5). The shapes below are the
// answers this SDK defines for it; its requests are in identity-requests.ts.

export const faceCompareAnswerSchema = v.object({ matched: v.boolean(), score: v.number() });

/** What OCR read; `available: false` when no engine is installed (hand entry then). */
export const ocrCheckAnswerSchema = v.object({
  available: v.boolean(),
  name: v.nullable(v.string()),
  idNumber: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
});

/** The borrower's own identity record, ID number masked. */
export const userDetailSchema = v.object({
  faceVerified: v.boolean(),
  idCardVerified: v.boolean(),
  contactsAdded: v.boolean(),
  name: v.nullable(v.string()),
  idNumberMasked: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
  contacts: v.array(
    v.object({ name: v.string(), phone: v.string(), relation: v.picklist(relations) }),
  ),
});
