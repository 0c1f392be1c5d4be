import * as v from "valibot";
import type { MessageKey } from "../messages";
import { domainError, errorKinds, fail, ok, type Result } from "../result";
import { isAcceptableLine, tokenField } from "../text";

/** Upload rules (docs/constants.md#sizes). */
export const uploadRules = {
  /** 10 MB per image (docs/identity.md#uploaded-images; the spec leaves the size open). */
  maxBytes: 10 * 1024 * 1024,
  mimeTypes: ["image/jpeg", "image/png", "image/webp"] as const,
  defaultPath: "upload/image",
  fieldName: "file",
  /** Images picked at once by default (docs/constants.md#in-the-specification-not-used). */
  maxImagesPerPick: 9,
  /** Length of the random part of a cloud object key (docs/constants.md#wire-values). */
  randomKeyLength: 10,
  defaultRegion: "SCN",
  /** Longest video a picker may record, in seconds (docs/constants.md#in-the-specification-not-used). */
  maxVideoSeconds: 60,
} as const;

export type ImageMimeType = (typeof uploadRules.mimeTypes)[number];

/** The descriptor of a picked or uploaded file (docs/entities.md#uploaded-file); `url` once uploaded. */
export const uploadedFileSchema = v.object({
  path: v.string("common.invalidValue"),
  duration: v.optional(v.pipe(v.number(), v.minValue(0))),
  size: v.pipe(
    v.number("common.invalidValue"),
    v.integer("common.invalidValue"),
    v.minValue(0, "common.invalidValue"),
    v.maxValue(uploadRules.maxBytes, "upload.tooLarge"),
  ),
  height: v.optional(v.pipe(v.number(), v.minValue(0))),
  width: v.optional(v.pipe(v.number(), v.minValue(0))),
  name: v.string("common.invalidValue"),
  url: v.optional(v.string()),
});
export type UploadedFile = v.InferOutput<typeof uploadedFileSchema>;

/** The upload input must be a list ('files must be an array', docs/validation.md#uploads). */
export const uploadFilesSchema = v.array(uploadedFileSchema, "upload.filesNotArray");

/** Credentials for a direct upload to cloud object storage (docs/entities.md#cloud-upload-credentials). */
export const cloudUploadCredentialsSchema = v.object({
  visitPrefix: v.string("upload.noTokenProvider"),
  folderPath: v.string("upload.noTokenProvider"),
  region: v.optional(v.string(), uploadRules.defaultRegion),
  token: v.pipe(v.string("upload.noTokenProvider"), v.minLength(1, "upload.noTokenProvider")),
});
export type CloudUploadCredentials = v.InferOutput<typeof cloudUploadCredentialsSchema>;

/**
 * The object key of a direct cloud upload (docs/wire-protocol.md#uploads): file/{folderPath}{timestamp}{random}.{ext}.
 * `random` is supplied by the caller (10 characters), keeping this function pure.
 */
export function cloudObjectKey(input: {
  folderPath: string;
  timestamp: number;
  random: string;
  ext: string;
}): string {
  return `file/${input.folderPath}${input.timestamp}${input.random}.${input.ext.replace(/^\./, "")}`;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((byte, i) => bytes[offset + i] === byte);

/** The image type told by the content itself (docs/identity.md#uploaded-images: sniffed, never trusted by name). */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // RIFF....WEBP
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "image/webp";
  }
  return null;
}

/** An uploaded image's bytes: an image by content and within the size limit. */
export function validateImageUpload(bytes: Uint8Array): Result<ImageMimeType> {
  if (bytes.byteLength > uploadRules.maxBytes) {
    return fail(
      domainError(errorKinds.validation, "upload.tooLarge", "file", {
        maxBytes: uploadRules.maxBytes,
      }),
    );
  }
  const type = sniffImageType(bytes);
  return type ? ok(type) : fail(domainError(errorKinds.validation, "upload.notImage", "file"));
}

/** Signature rules (docs/validation.md#signing): a PNG drawn on the canvas, with enough ink to be a signature. */
export const signatureRules = {
  mimeType: "image/png",
  maxBytes: 1024 * 1024,
  /** Fewer points than this is a tap or a dot, not a signature ('please complete signature'). */
  minPoints: 10,
} as const;

/** Why drawn strokes are not yet a signature, or null when they are. */
export function signatureStrokesProblem(
  strokes: readonly (readonly unknown[])[],
): MessageKey | null {
  const points = strokes.reduce((total, stroke) => total + stroke.length, 0);
  if (points === 0) return "signature.empty"; // 'no signature detected'
  if (points < signatureRules.minPoints) return "signature.incomplete";
  return null;
}

/** The signature image: a PNG within the size limit. */
export function validateSignatureImage(bytes: Uint8Array): Result<true> {
  if (bytes.byteLength === 0)
    return fail(domainError(errorKinds.validation, "signature.empty", "signature"));
  if (bytes.byteLength > signatureRules.maxBytes) {
    return fail(domainError(errorKinds.validation, "signature.tooLarge", "signature"));
  }
  if (sniffImageType(bytes) !== "image/png") {
    return fail(domainError(errorKinds.validation, "signature.invalidImage", "signature"));
  }
  return ok(true);
}

/** Contract sign request: the share code and the signature as a PNG data URL. */
export const signRequestSchema = v.strictObject(
  {
    code: tokenField("contract.notFound"),
    signature: v.pipe(
      v.string("signature.incomplete"),
      v.check(isAcceptableLine, "signature.invalidImage"),
      v.minLength(1, "signature.incomplete"),
      v.startsWith("data:image/png;base64,", "signature.invalidImage"),
      // base64 grows by 4/3: the encoded limit follows from the byte limit.
      v.maxLength(Math.ceil((signatureRules.maxBytes * 4) / 3) + 32, "signature.tooLarge"),
    ),
  },
  "common.invalidValue",
);
