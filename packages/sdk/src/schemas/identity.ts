import { calendarDateSchema } from "@chayong/domain";
import * as v from "valibot";
import { relationSchema } from "./contract";

// Provisional shapes of the identity issue (decisions §5); the domain package will own the rules.

const imageUrl = (
  requiredKey:
    | "identity.frontPhoto.required"
    | "identity.backPhoto.required"
    | "identity.holdingPhoto.required"
    | "common.invalidValue",
) =>
  v.pipe(
    v.string(requiredKey),
    v.minLength(1, requiredKey),
    v.maxLength(500, "common.invalidValue"),
  );

/** The uploaded file descriptor (spec §3). */
export const uploadedImageSchema = v.object({
  url: v.string(),
  path: v.optional(v.string()),
  name: v.optional(v.string()),
  size: v.optional(v.number()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
});

export const faceCompareRequestSchema = v.strictObject(
  { facePhotoUrl: imageUrl("common.invalidValue") },
  "common.invalidValue",
);
export const faceCompareAnswerSchema = v.object({ matched: v.boolean(), score: v.number() });

export const ocrCheckRequestSchema = v.strictObject(
  {
    frontPhotoUrl: imageUrl("identity.frontPhoto.required"),
    backPhotoUrl: imageUrl("identity.backPhoto.required"),
  },
  "common.invalidValue",
);

/** What OCR read; `available: false` when no engine is installed (hand entry then). */
export const ocrCheckAnswerSchema = v.object({
  available: v.boolean(),
  name: v.nullable(v.string()),
  idNumber: v.nullable(v.string()),
  gender: v.nullable(v.picklist(["male", "female"])),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
});

const requiredText = (
  key: "identity.name.required" | "identity.idNumber.required" | "identity.address.required",
) => v.pipe(v.string(key), v.trim(), v.minLength(1, key), v.maxLength(200, "common.invalidValue"));

export const ocrConfirmRequestSchema = v.strictObject(
  {
    frontPhotoUrl: imageUrl("identity.frontPhoto.required"),
    backPhotoUrl: imageUrl("identity.backPhoto.required"),
    holdingPhotoUrl: imageUrl("identity.holdingPhoto.required"),
    name: requiredText("identity.name.required"),
    idNumber: requiredText("identity.idNumber.required"),
    gender: v.picklist(["male", "female"], "identity.gender.required"),
    birthday: v.pipe(v.string("identity.birthday.required"), calendarDateSchema),
    address: requiredText("identity.address.required"),
    /** Shared-debt answers only cover people who consented (decisions §6). */
    sharedDebtConsent: v.boolean("common.pleaseSelect"),
  },
  "common.invalidValue",
);

export const emergencyContactSchema = v.strictObject(
  {
    name: v.pipe(
      v.string("identity.contact1.name.required"),
      v.trim(),
      v.minLength(1, "identity.contact1.name.required"),
    ),
    phone: v.pipe(
      v.string("identity.contact1.phone.required"),
      v.trim(),
      v.minLength(1, "identity.contact1.phone.required"),
    ),
    relation: v.picklist(relationSchema.options, "identity.contact1.relation.required"),
  },
  "common.invalidValue",
);

export const emergencyContactsRequestSchema = v.strictObject(
  {
    contacts: v.pipe(
      v.array(emergencyContactSchema, "identity.contact.count"),
      v.length(2, "identity.contact.count"),
    ),
  },
  "common.invalidValue",
);

/** The borrower's own identity record, ID number masked. */
export const userDetailSchema = v.object({
  faceVerified: v.boolean(),
  idCardVerified: v.boolean(),
  contactsAdded: v.boolean(),
  name: v.nullable(v.string()),
  idNumberMasked: v.nullable(v.string()),
  gender: v.nullable(v.picklist(["male", "female"])),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
  contacts: v.array(v.object({ name: v.string(), phone: v.string(), relation: relationSchema })),
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
