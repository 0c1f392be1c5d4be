import type { Progress } from "ky";
import type { ExchangeContext } from "../client/exchange.ts";
import { exchange } from "../client/exchange.ts";
import { checkTimeout } from "../client/timeout.ts";
import { resolveUrl } from "../client/url.ts";
import { failures } from "../errors/failures.ts";

/** The uploaded file descriptor (docs/entities.md#uploaded-file): the server fills what it knows; `url` always. */
export interface UploadedFile {
  url: string;
  path?: string;
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  duration?: number;
}

export interface UploadProgress {
  /** Index of the file being sent, in the order given. */
  fileIndex: number;
  fileCount: number;
  /** 0..1 of this file's request. */
  filePercent: number;
  /** 0..1 over all files; never goes back. */
  percent: number;
}

export interface UploadOptions {
  /** Relative to the file base URL. Default 'upload/image'. */
  path?: string;
  /** Multipart field of the file. Default 'file'. */
  field?: string;
  /** Extra multipart fields sent with each file, before it. */
  formData?: Record<string, string | Blob>;
  /** A file over this many bytes rejects the whole upload before anything is sent. */
  maxBytes?: number;
  /**
   * Called when a file is done and, with `byteProgress`, as its bytes go out. Without
   * `byteProgress` the granularity is one file.
   */
  onProgress?: (progress: UploadProgress) => void;
  /**
   * Report bytes as they are sent. This streams the request body, which Node supports but
   * Chromium browsers allow only over HTTP/2; leave it off for HTTP/1.1 servers.
   */
  byteProgress?: boolean;
  /** Per file. Default: the transport's uploadTimeoutMs. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_UPLOAD_PATH = "upload/image";
export const DEFAULT_UPLOAD_FIELD = "file";
/** The server's limit (docs/identity.md#uploaded-images: 10 MB per image). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export interface UploadDependencies {
  context: ExchangeContext;
  fileBaseUrl: string;
  timeoutMs: number;
  nextCallId(): number;
  /** Session headers without content-type (the runtime sets the multipart boundary). */
  headers(): Headers;
}

/**
 * Sends files one after another as multipart POSTs to the file base URL and resolves each
 * answer's envelope body, in order. Checks every file before the first byte goes out.
 */
export async function uploadFiles<T = UploadedFile>(
  dependencies: UploadDependencies,
  files: readonly Blob[],
  options: UploadOptions = {},
): Promise<T[]> {
  if (!Array.isArray(files)) throw failures.filesNotArray();
  const {
    path = DEFAULT_UPLOAD_PATH,
    field = DEFAULT_UPLOAD_FIELD,
    formData = {},
    maxBytes = DEFAULT_UPLOAD_MAX_BYTES,
    onProgress,
    byteProgress = false,
    timeoutMs = dependencies.timeoutMs,
    signal,
  } = options;
  if (typeof path !== "string" || path.trim() === "") throw failures.missingUrl();

  let url: string;
  try {
    files.forEach((file, index) => {
      if (!(file instanceof Blob)) throw new TypeError(`files[${index}] is not a Blob or File`);
    });
    checkTimeout(timeoutMs);
    url = resolveUrl(dependencies.fileBaseUrl, path);
  } catch (cause) {
    throw failures.prepareFailed(cause);
  }
  files.forEach((file, index) => {
    if (file.size > maxBytes) throw failures.fileTooLarge(index, file.size, maxBytes);
  });

  const report = progressReporter(files.length, onProgress);
  const answers: T[] = [];
  for (const [index, file] of files.entries()) {
    let headers: Headers;
    let body: FormData;
    try {
      headers = dependencies.headers();
      body = new FormData();
      for (const [name, value] of Object.entries(formData)) body.append(name, value);
      body.append(field, file, fileName(file, index));
    } catch (cause) {
      throw failures.prepareFailed(cause);
    }
    const answer = await exchange(dependencies.context, {
      call: { id: dependencies.nextCallId(), method: "POST", path },
      url,
      headers,
      body,
      timeoutMs,
      signal,
      raw: false,
      onUploadProgress: byteProgress
        ? (progress: Progress) => report(index, progress.percent)
        : undefined,
    });
    report(index, 1);
    answers.push(answer as T);
  }
  return answers;
}

function fileName(file: Blob, index: number): string {
  const name = (file as { name?: unknown }).name;
  return typeof name === "string" && name !== "" ? name : `file-${index + 1}`;
}

function progressReporter(
  fileCount: number,
  onProgress: ((progress: UploadProgress) => void) | undefined,
): (fileIndex: number, filePercent: number) => void {
  let last = -1;
  return (fileIndex, filePercent) => {
    const percent = (fileIndex + filePercent) / fileCount;
    if (!onProgress || percent <= last) return;
    last = percent;
    onProgress({ fileIndex, fileCount, filePercent, percent });
  };
}
