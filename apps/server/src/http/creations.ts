import { creationEndpointIds } from "@chayong/sdk";
import { and, eq, lt } from "drizzle-orm";
import type { Call } from "../calls/call";
import { canonicalJson, sha256Hex } from "../contracts/contract-store";
import { isUniqueViolation } from "../db/database";
import { creations } from "../db/schema";
import { type Outcome, refuse, succeed } from "../outcome";

/**
 * The SDK's creations, which take an optional `idempotencyKey` (docs/idempotency.md). The money
 * operations take theirs too, inside their own contract lock (src/money/handlers.ts).
 */
export const creationEndpoints: ReadonlySet<string> = new Set(creationEndpointIds);

/** How long a key is remembered: retries come within minutes; a day is generous. */
const keptMs = 24 * 60 * 60 * 1000;

type Handler = (call: Call, input: unknown) => Promise<Outcome<unknown>>;

/**
 * Wraps a creation's handler so one user action creates one thing, however often it is sent:
 * - without a key, the handler runs as it is;
 * - with one, the handler runs inside a transaction that also records the key, the request's
 *   hash and the answer (sealed); a repeat with the same key and request answers that first
 *   answer and creates nothing, one with another request is refused (409);
 * - two copies sent at once: the second waits on the key's row, then answers as a repeat.
 * A failed creation records nothing: the same key may be sent again once the input is fixed.
 */
export function createdOnce(endpoint: string, handler: Handler): Handler {
  return async (call, input) => {
    const { idempotencyKey, ...request } = input as { idempotencyKey?: string };
    if (idempotencyKey === undefined) return handler(call, request);
    const actorId = call.caller?.userId;
    if (actorId === undefined) return handler(call, request);
    const requestSha256 = sha256Hex(canonicalJson({ endpoint, ...request }));
    const { ctx, now } = call;

    const repeat = async (): Promise<Outcome<unknown> | null> => {
      const [previous] = await ctx.db
        .select()
        .from(creations)
        .where(and(eq(creations.actorId, actorId), eq(creations.idempotencyKey, idempotencyKey)));
      if (previous === undefined) return null;
      return previous.requestSha256 === requestSha256
        ? succeed(JSON.parse(ctx.personalData.open(previous.answerSealed)))
        : refuse(409, "operation.idempotencyKey.reused", undefined, "idempotencyKey");
    };

    const earlier = await repeat();
    if (earlier !== null) return earlier;
    try {
      return await ctx.db.transaction(async (tx) => {
        // The key's row first: a copy sent at the same moment waits here until this commits.
        await tx.insert(creations).values({
          actorId,
          idempotencyKey,
          endpoint,
          requestSha256,
          answerSealed: "",
          createdAt: now,
        });
        const outcome = await handler({ ...call, ctx: { ...ctx, db: tx } }, request);
        if (!outcome.ok) {
          // Nothing was created: roll the key back with everything else.
          throw new NothingCreated(outcome);
        }
        await tx
          .update(creations)
          .set({ answerSealed: ctx.personalData.seal(JSON.stringify(outcome.value)) })
          .where(and(eq(creations.actorId, actorId), eq(creations.idempotencyKey, idempotencyKey)));
        await tx
          .delete(creations)
          .where(
            and(
              eq(creations.actorId, actorId),
              lt(creations.createdAt, new Date(now.getTime() - keptMs)),
            ),
          );
        return outcome;
      });
    } catch (error) {
      if (error instanceof NothingCreated) return error.outcome;
      if (isUniqueViolation(error, "creations_pkey")) {
        const answered = await repeat();
        if (answered !== null) return answered;
      }
      throw error;
    }
  };
}

/** A refusal inside the creation's transaction: carries it out after the rollback. */
class NothingCreated extends Error {
  readonly outcome: Outcome<unknown>;
  constructor(outcome: Outcome<unknown>) {
    super("nothing created");
    this.outcome = outcome;
  }
}
