import { uploadRules } from "@chayong/domain";
import type { DocumentVerification, EndpointEntry } from "@chayong/sdk/server";
import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { recordAudit } from "../audit/audit";
import { authorise } from "../auth/authorise";
import type { SessionCache } from "../auth/session-cache";
import type { ServerContext } from "../context";
import { verifyDocument } from "../contracts/seal/verify-document";
import { users } from "../db/schema";
import { mayViewIdentityOf } from "../identity/identity-access";
import { localeFromHeader, okMessage } from "../messages/message-for";
import { type Outcome, refuse, succeed } from "../outcome";
import { createRequestCeiling, type RequestCeiling } from "../request-ceiling/request-ceiling";
import { acceptUploadedImage, type UploadAnswer } from "../uploads/accept-image";
import { findUpload } from "../uploads/upload-store";
import { sendEnvelope, sendFailure } from "./call-pipeline";

/**
 * The multipart endpoints (one file in the field 'file'): the image upload, with the route that
 * serves uploaded images to those allowed to see them (docs/identity.md, "Uploaded images"), and
 * the check of a sealed contract PDF (docs/contract-pdf.md, "Verifying").
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  sessions: SessionCache | null,
  entries: EndpointEntry[],
): Promise<void> {
  await app.register(multipart, {
    // One file a request; the transport sends several one after another (docs/wire-protocol.md#uploads).
    limits: { files: 1, fileSize: uploadRules.maxBytes, fields: 10, fieldSize: 4096, parts: 12 },
  });
  const verifications = await createVerificationCeiling(ctx);

  for (const entry of entries) {
    const receive =
      entry.id === "document.verify"
        ? (request: FastifyRequest) => receiveVerification(ctx, verifications, request)
        : (request: FastifyRequest) => receiveUpload(ctx, sessions, entry, request);
    app.route({
      method: entry.method,
      url: `/${entry.path}`,
      config: { endpoint: entry },
      handler: async (request, reply) => {
        const locale = localeFromHeader(request.headers["accept-language"]);
        const outcome = await receive(request);
        if (!outcome.ok) return sendFailure(ctx, entry, reply, outcome.failure, locale);
        sendEnvelope(ctx, reply, { status: 200, message: okMessage(locale), body: outcome.value });
      },
    });
  }

  app.get("/files/:id", async (request, reply) => serveImage(ctx, request, reply));
}

/** The one file of a multipart request, or why there is none. */
async function receiveFile(request: FastifyRequest): Promise<Outcome<Buffer>> {
  if (!request.isMultipart()) return refuse(400, "upload.noFile");
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== uploadRules.fieldName || bytes !== null) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") return refuse(400, "upload.tooLarge");
    if (code === "FST_FILES_LIMIT_REACHED" || code === "FST_PARTS_LIMIT_REACHED") {
      return refuse(400, "upload.oneFileOnly");
    }
    request.log.info({ err: error }, "unreadable multipart upload");
    return refuse(400, "upload.noFile");
  }
  if (bytes === null) return refuse(400, "upload.noFile");
  return succeed(bytes);
}

/**
 * PDF checks allowed per client IP per minute: anyone may check, nobody may hammer it. Counted
 * per process (N processes allow N times as many); the API-wide ceiling, shared through Redis,
 * still bounds the whole.
 */
const verificationsPerMinute = 20;

async function createVerificationCeiling(ctx: ServerContext): Promise<RequestCeiling> {
  return createRequestCeiling(verificationsPerMinute, null, ctx.logger, "verify");
}

async function receiveVerification(
  ctx: ServerContext,
  ceiling: RequestCeiling,
  request: FastifyRequest,
): Promise<Outcome<DocumentVerification>> {
  const taken = await ceiling.take(request.ip);
  if (!taken.allowed) return refuse(429, "common.operationTooFrequent");
  const file = await receiveFile(request);
  if (!file.ok) return file;
  return succeed(await verifyDocument(ctx, file.value));
}

async function receiveUpload(
  ctx: ServerContext,
  sessions: SessionCache | null,
  entry: EndpointEntry,
  request: FastifyRequest,
): Promise<Outcome<UploadAnswer>> {
  const now = ctx.now();
  const authorised = await authorise(ctx.db, sessions, entry, request.headers, now);
  if (!authorised.ok) return authorised;
  const caller = authorised.value;
  if (caller === null) return refuse(301, "session.invalid");
  const file = await receiveFile(request);
  if (!file.ok) return file;
  return acceptUploadedImage(ctx, caller.userId, file.value, now);
}

/**
 * An uploaded image, for the viewer its address was signed for, while that viewer may still
 * see the owner's identity; a lender's every load is audited. Failures are plain statuses: an
 * `<img>` shows nothing either way, and nothing tells a stranger whether the image exists.
 */
async function serveImage(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const now = ctx.now();
  const { id } = request.params as { id: string };
  const viewerId = ctx.fileAddresses.viewerOf(id, request.query as Record<string, unknown>, now);
  const forbidden = () => reply.code(403).type("text/plain; charset=utf-8").send("Forbidden");
  if (viewerId === null) return forbidden();
  const upload = await findUpload(ctx.db, id);
  if (upload === null) return forbidden();
  const [viewer] = await ctx.db
    .select({ userId: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, viewerId));
  if (viewer === undefined || !(await mayViewIdentityOf(ctx.db, viewer, upload.ownerId))) {
    return forbidden();
  }
  const bytes = await ctx.files.get(upload.fileKey);
  if (bytes === null) {
    request.log.error({ uploadId: id }, "an uploaded image is missing from the file store");
    return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  }
  if (viewer.userId !== upload.ownerId) {
    await recordAudit(ctx.db, {
      actor: viewer,
      action: "identity.image.view",
      subjectId: upload.id,
      ip: request.ip,
      at: now,
      details: { ownerId: upload.ownerId },
    });
  }
  return reply
    .code(200)
    .header("content-type", upload.mimeType)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'")
    .header("referrer-policy", "no-referrer")
    .send(Buffer.from(bytes));
}
