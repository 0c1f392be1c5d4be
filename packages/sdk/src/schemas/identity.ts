import { calendarDateSchema, genders, personalDetailsSchema, relations } from "@chayong/domain";
import * as v from "valibot";

// Identity verification comes in a later issue (decisions §5). The requests are the domain's
// schemas (see endpoints.ts); the shapes below are the answers this SDK defines for it.

const imageUrl = v.pipe(
  v.string("common.invalidValue"),
  v.minLength(1, "common.invalidValue"),
  v.maxLength(500, "common.invalidValue"),
);

export const faceCompareRequestSchema = v.strictObject(
  { facePhotoUrl: imageUrl },
  "common.invalidValue",
);
export const faceCompareAnswerSchema = v.object({ matched: v.boolean(), score: v.number() });

export const ocrCheckRequestSchema = v.strictObject(
  {
    frontPhotoUrl: personalDetailsSchema.entries.frontPhotoUrl,
    backPhotoUrl: personalDetailsSchema.entries.backPhotoUrl,
  },
  "common.invalidValue",
);

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

/** The device descriptor the app reports after login. */
export const deviceInfoRequestSchema = v.strictObject(
  {
    adid: v.pipe(v.string("common.invalidValue"), v.maxLength(200, "common.invalidValue")),
    platform: v.optional(
      v.pipe(v.string("common.invalidValue"), v.maxLength(50, "common.invalidValue")),
    ),
    model: v.optional(
      v.pipe(v.string("common.invalidValue"), v.maxLength(100, "common.invalidValue")),
    ),
    osVersion: v.optional(
      v.pipe(v.string("common.invalidValue"), v.maxLength(50, "common.invalidValue")),
    ),
    appVersion: v.optional(
      v.pipe(v.string("common.invalidValue"), v.maxLength(50, "common.invalidValue")),
    ),
  },
  "common.invalidValue",
);
