import type { Handlers } from "../calls/call";
import { refuse, succeed } from "../outcome";
import { issueLivenessChallenge } from "./liveness-challenges";

/** A liveness challenge for the next face check (docs/identity.md, "Liveness"). */
export const livenessHandlers: Pick<Handlers, "identity.livenessChallenge"> = {
  "identity.livenessChallenge": async ({ ctx, caller, now }) => {
    const challenge = await issueLivenessChallenge(ctx.db, caller.userId, now);
    if (challenge === null) return refuse(429, "common.operationTooFrequent");
    return succeed({ ...challenge, expiresAt: challenge.expiresAt.toISOString() });
  },
};
