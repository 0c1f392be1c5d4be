import { actorOf } from "../audit/audit";
import type { Handlers } from "../calls/call";
import { refuse, succeed } from "../outcome";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";

/**
 * A lender's API keys, managed from a session only: the table marks these `apiKeys: false`, so
 * a key (leaked, or a tool gone wrong) can neither make another key nor keep itself alive.
 */
export const apiKeyHandlers: Pick<Handlers, "apiKey.create" | "apiKey.list" | "apiKey.revoke"> = {
  "apiKey.create": async ({ ctx, caller, ip, now }, input) =>
    succeed(
      await createApiKey(
        ctx.db,
        { lenderId: caller.userId, name: input.name, scope: input.scope },
        { actor: actorOf(caller), ip },
        now,
      ),
    ),

  "apiKey.list": async ({ ctx, caller }) => succeed(await listApiKeys(ctx.db, caller.userId)),

  "apiKey.revoke": async ({ ctx, caller, ip, now }, input) => {
    const revoked = await revokeApiKey(
      ctx.db,
      caller.userId,
      input.id,
      { actor: actorOf(caller), ip },
      now,
    );
    return revoked === null ? refuse(404, "access.notFound") : succeed(revoked);
  },
};
