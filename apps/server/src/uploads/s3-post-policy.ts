import { createHmac } from "node:crypto";

/** What a browser may upload straight to S3 with one signed form (docs/identity.md). */
export interface PostPolicyRequest {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every object key the form may name starts with this. */
  keyPrefix: string;
  maxBytes: number;
  expiresInSeconds: number;
  now: Date;
}

/** The form fields S3 checks, besides `key` and `file` (the form's last field). */
export interface PostPolicyFields {
  policy: string;
  /** 200 instead of S3's default 204: clients that accept only 200 need no special case. */
  success_action_status: "200";
  "x-amz-algorithm": "AWS4-HMAC-SHA256";
  "x-amz-credential": string;
  "x-amz-date": string;
  "x-amz-signature": string;
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac("sha256", key).update(text, "utf8").digest();
}

/**
 * The signing key of AWS Signature Version 4: the secret, narrowed by the date, the region and
 * the service, so a leaked signature is worth nothing elsewhere.
 */
export function signingKey(
  secretAccessKey: string,
  date: string,
  region: string,
  service: string,
): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), "aws4_request");
}

/**
 * A presigned POST policy (AWS Signature Version 4, "browser-based uploads using POST"): S3
 * accepts the upload only before it expires, only under the key prefix, and only between 1 byte
 * and `maxBytes`. The base64 policy is the string to sign.
 */
export function presignPost(request: PostPolicyRequest): PostPolicyFields {
  const stamp = request.now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const date = stamp.slice(0, 8);
  const credential = `${request.accessKeyId}/${date}/${request.region}/s3/aws4_request`;
  const expiration = new Date(request.now.getTime() + request.expiresInSeconds * 1000);
  const policy = Buffer.from(
    JSON.stringify({
      expiration: expiration.toISOString(),
      conditions: [
        { bucket: request.bucket },
        ["starts-with", "$key", request.keyPrefix],
        ["content-length-range", 1, request.maxBytes],
        { success_action_status: "200" },
        { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
        { "x-amz-credential": credential },
        { "x-amz-date": stamp },
      ],
    }),
  ).toString("base64");
  const signature = hmac(signingKey(request.secretAccessKey, date, request.region, "s3"), policy);
  return {
    policy,
    success_action_status: "200",
    "x-amz-algorithm": "AWS4-HMAC-SHA256",
    "x-amz-credential": credential,
    "x-amz-date": stamp,
    "x-amz-signature": signature.toString("hex"),
  };
}
