import { personalDetailsSchema } from "@chayong/domain";
import * as v from "valibot";

// Request schemas of identity verification (a later issue, decisions §5): loaded by the server
// (`@chayong/sdk/server`), typed only in the client.

const imageUrl = v.pipe(
  v.string("common.invalidValue"),
  v.minLength(1, "common.invalidValue"),
  v.maxLength(500, "common.invalidValue"),
);

export const faceCompareRequestSchema = v.strictObject(
  { facePhotoUrl: imageUrl },
  "common.invalidValue",
);
export const ocrCheckRequestSchema = v.strictObject(
  {
    frontPhotoUrl: personalDetailsSchema.entries.frontPhotoUrl,
    backPhotoUrl: personalDetailsSchema.entries.backPhotoUrl,
  },
  "common.invalidValue",
);

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
