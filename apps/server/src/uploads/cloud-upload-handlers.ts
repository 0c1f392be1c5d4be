import { uploadRules } from "@chayong/domain";
import { S3_POST_TOKEN_PREFIX } from "@chayong/transport";
import type { Handlers } from "../calls/call";
import type { ServerContext } from "../context";
import { finishAttempt, reserveAttempt } from "../identity/identity-store";
import { refuse, refuseInput } from "../outcome";
import { acceptUploadedImage } from "./accept-image";
import { presignPost } from "./s3-post-policy";

/** How long cloud upload credentials are good for. */
export const cloudCredentialsLifetimeSeconds = 5 * 60;

/** Each user's own folder for direct uploads; the spec's object key puts `file/` before it. */
function incomingFolder(userId: string): string {
  return `incoming/${userId}/`;
}

const incomingKeyPattern = /^file\/incoming\/([^/]+)\/[A-Za-z0-9]{1,40}\.(jpg|jpeg|png|webp)$/i;

function s3Of(ctx: ServerContext) {
  return ctx.config.files.kind === "s3" && ctx.incoming !== null
    ? { files: ctx.config.files, incoming: ctx.incoming }
    : null;
}

/**
 * Cloud uploads (docs/identity.md, "Cloud uploads"): where files live in S3, a browser may send
 * an image straight to the bucket with a presigned POST, then hand it over; the server checks and
 * re-encodes it exactly like a multipart upload before anyone can see it.
 */
export const cloudUploadHandlers: Pick<
  Handlers,
  "identity.uploadCredentials" | "identity.registerUpload"
> = {
  "identity.uploadCredentials": async ({ ctx, caller, now }) => {
    const s3 = s3Of(ctx);
    if (s3 === null) return refuse(409, "upload.cloudUnavailable");
    // Each credential lets a client store objects for five minutes: counted like uploads.
    const issued = await reserveAttempt(ctx.db, caller.userId, "credentials", now);
    if (issued === null) return refuse(429, "common.operationTooFrequent");
    await finishAttempt(ctx.db, issued, { passed: true, details: {} });
    const folderPath = incomingFolder(caller.userId);
    const fields = presignPost({
      bucket: s3.files.bucket,
      region: s3.files.region,
      accessKeyId: s3.files.accessKeyId,
      secretAccessKey: s3.files.secretAccessKey,
      keyPrefix: `file/${folderPath}`,
      maxBytes: uploadRules.maxBytes,
      expiresInSeconds: cloudCredentialsLifetimeSeconds,
      now,
    });
    return {
      ok: true,
      value: {
        visitPrefix: s3.incoming.uploadUrl,
        folderPath,
        region: s3.files.region,
        token: `${S3_POST_TOKEN_PREFIX}${Buffer.from(JSON.stringify(fields)).toString("base64url")}`,
        uploadUrl: s3.incoming.uploadUrl,
      },
    };
  },

  "identity.registerUpload": async ({ ctx, caller, now }, input) => {
    const s3 = s3Of(ctx);
    if (s3 === null) return refuse(409, "upload.cloudUnavailable");
    const owner = incomingKeyPattern.exec(input.key)?.[1];
    if (owner !== caller.userId) return refuseInput([{ key: "upload.notFound", field: "key" }]);
    try {
      const bytes = await s3.incoming.read(input.key, uploadRules.maxBytes);
      if (bytes === null) return refuseInput([{ key: "upload.notFound", field: "key" }]);
      if (bytes === "tooLarge") return refuse(400, "upload.tooLarge");
      return await acceptUploadedImage(ctx, caller.userId, bytes, now);
    } finally {
      // Unchecked bytes never stay, whatever happened: kept, they are re-encoded under their
      // hash elsewhere.
      await s3.incoming.remove(input.key);
    }
  },
};
