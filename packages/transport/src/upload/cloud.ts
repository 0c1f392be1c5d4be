import type { ExchangeContext } from "../client/exchange.ts";
import { exchange } from "../client/exchange.ts";
import { checkTimeout } from "../client/timeout.ts";
import { failures } from "../errors/failures.ts";
import { cloudObjectKey, fileExtension } from "./object-key.ts";
import { DEFAULT_UPLOAD_MAX_BYTES } from "./upload.ts";

/** Cloud upload credentials (docs/entities.md#cloud-upload-credentials), obtained from the app's server. */
export interface CloudUploadCredentials {
  /** Public address prefix of stored objects. */
  visitPrefix: string;
  folderPath: string;
  /** Default 'SCN'. */
  region?: string;
  token: string;
  /** Where the form goes; default: the region's host (`cloudUploadUrl`). */
  uploadUrl?: string;
}

/**
 * A token of this form carries the signed fields of an S3 presigned POST (base64url JSON):
 * they are sent as form fields of their own, since S3 refuses fields its policy does not name.
 */
export const S3_POST_TOKEN_PREFIX = "s3post:";

function formFieldsOf(token: string): Record<string, string> {
  if (!token.startsWith(S3_POST_TOKEN_PREFIX)) return { token };
  const json = atob(token.slice(S3_POST_TOKEN_PREFIX.length).replace(/-/g, "+").replace(/_/g, "/"));
  const fields = JSON.parse(json) as unknown;
  if (
    fields === null ||
    typeof fields !== "object" ||
    Object.values(fields).some((value) => typeof value !== "string")
  ) {
    throw new TypeError("the S3 upload token does not hold form fields");
  }
  return fields as Record<string, string>;
}

export type UploadTokenProvider = () => CloudUploadCredentials | Promise<CloudUploadCredentials>;

export const DEFAULT_CLOUD_REGION = "SCN";

/**
 * Form-upload hosts of the region codes the spec uses (ECN, NCN, SCN, NA, ASG are Qiniu's).
 * Pass `cloudUploadUrl` to createTransport for any other provider.
 */
export const CLOUD_UPLOAD_URLS: Readonly<Record<string, string>> = {
  ECN: "https://up.qiniup.com",
  NCN: "https://up-z1.qiniup.com",
  SCN: "https://up-z2.qiniup.com",
  NA: "https://up-na0.qiniup.com",
  ASG: "https://up-as0.qiniup.com",
};

export interface CloudUploadOptions {
  /** Default: from the file name or MIME type. */
  ext?: string;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface CloudUploadedFile {
  key: string;
  url: string;
  region: string;
}

export interface CloudUploadDependencies {
  context: ExchangeContext;
  uploadTokenProvider?: UploadTokenProvider;
  cloudUploadUrl?: (region: string) => string | undefined;
  timeoutMs: number;
  nextCallId(): number;
}

/**
 * Direct upload to object storage with an upload token: multipart `token`, `key`, `file`.
 * No session headers go to the storage provider.
 */
export async function uploadToCloud(
  dependencies: CloudUploadDependencies,
  file: Blob,
  options: CloudUploadOptions = {},
): Promise<CloudUploadedFile> {
  const { uploadTokenProvider, cloudUploadUrl = (region) => CLOUD_UPLOAD_URLS[region] } =
    dependencies;
  if (!uploadTokenProvider) throw failures.noUploadToken();
  const { maxBytes = DEFAULT_UPLOAD_MAX_BYTES, timeoutMs = dependencies.timeoutMs } = options;
  if (!(file instanceof Blob)) {
    throw failures.prepareFailed(new TypeError("file is not a Blob or File"));
  }
  if (file.size > maxBytes) throw failures.fileTooLarge(0, file.size, maxBytes);

  let url: string;
  let key: string;
  let region: string;
  let visitPrefix: string;
  let body: FormData;
  try {
    checkTimeout(timeoutMs);
    const credentials = await uploadTokenProvider();
    if (!credentials || typeof credentials.token !== "string" || credentials.token === "") {
      throw new TypeError("uploadTokenProvider returned no token");
    }
    region = credentials.region || DEFAULT_CLOUD_REGION;
    const endpoint = credentials.uploadUrl || cloudUploadUrl(region);
    if (!endpoint) throw new TypeError(`no cloud upload URL for region ${region}`);
    url = new URL(endpoint).href;
    key = cloudObjectKey({
      folderPath: credentials.folderPath ?? "",
      ext: options.ext ?? fileExtension(file),
    });
    visitPrefix = credentials.visitPrefix ?? "";
    body = new FormData();
    body.append("key", key);
    for (const [name, value] of Object.entries(formFieldsOf(credentials.token))) {
      body.append(name, value);
    }
    // The file goes last: S3 ignores any field after it.
    body.append("file", file, key.slice(key.lastIndexOf("/") + 1));
  } catch (cause) {
    throw failures.prepareFailed(cause);
  }

  await exchange(dependencies.context, {
    call: { id: dependencies.nextCallId(), method: "POST", path: url },
    url,
    headers: new Headers(),
    body,
    timeoutMs,
    signal: options.signal,
    raw: true, // the provider answers its own JSON, not our encrypted envelope
  });
  return { key, url: `${visitPrefix.replace(/\/+$/, "")}/${key}`, region };
}
