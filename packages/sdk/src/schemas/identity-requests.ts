import { personalDetailsSchema, textField } from "@chayong/domain";
import * as v from "valibot";

// Request schemas of identity verification (a later issue, docs/identity.md#the-verification-step-by-step): loaded by the server
// (`@chayong/sdk/server`), typed only in the client.

const imageUrl = textField({ requiredKey: "common.invalidValue", maxLength: 500 });

/** How many frames answer a challenge (docs/identity.md, "Liveness"). */
export const livenessFrameCount = { min: 4, max: 8 } as const;

export const faceCompareRequestSchema = v.strictObject(
  {
    /** The capture compared with the ID card. */
    facePhotoUrl: imageUrl,
    /** The challenge answered (identity.livenessChallenge). */
    challengeId: textField({ requiredKey: "common.invalidValue", maxLength: 100 }),
    /** The frames captured while the borrower performed the action, in order. */
    frameUrls: v.pipe(
      v.array(imageUrl, "common.invalidValue"),
      v.minLength(livenessFrameCount.min, "common.invalidValue"),
      v.maxLength(livenessFrameCount.max, "common.invalidValue"),
    ),
  },
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
    adid: textField({ maxLength: 200 }),
    platform: v.optional(textField({ maxLength: 50 })),
    model: v.optional(textField({ maxLength: 100 })),
    osVersion: v.optional(textField({ maxLength: 50 })),
    appVersion: v.optional(textField({ maxLength: 50 })),
  },
  "common.invalidValue",
);

/** An object uploaded with cloud upload credentials, to be checked and kept by the server. */
export const registerUploadRequestSchema = v.strictObject(
  { key: textField({ requiredKey: "common.invalidValue", maxLength: 300 }) },
  "common.invalidValue",
);
