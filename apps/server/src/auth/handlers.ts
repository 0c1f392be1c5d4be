import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import { findIdentity, isVerified } from "../identity/identity-store";
import { refuse, succeed } from "../outcome";
import { logIn, sendLoginCode } from "./login";
import { sessionTag } from "./session-cache";
import { revokeSession } from "./sessions";

export const authHandlers: Pick<
  Handlers,
  "auth.sendCode" | "auth.login" | "auth.logout" | "user.current"
> = {
  "auth.sendCode": (call, input) =>
    sendLoginCode(call.ctx, { phone: input.phone, ip: call.ip, locale: call.locale }),

  "auth.login": (call, input) =>
    logIn(call.ctx, { phone: input.phone, code: input.code, ip: call.ip }),

  "auth.logout": async ({ ctx, caller, ip, now }) => {
    const { sessionId } = caller;
    // API keys never reach here (the table keeps them from logout): one is revoked, not logged out.
    if (sessionId === null) return refuse(403, "access.forbidden");
    // Answered once this process's session cache has dropped the session: the next call on it
    // is refused, not answered from memory (docs/login.md "Sessions").
    const dropped = ctx.database.heard([sessionTag(sessionId)]);
    await ctx.db.transaction(async (tx) => {
      await revokeSession(tx, sessionId, now);
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "session.logout",
        subjectId: sessionId,
        ip,
        at: now,
      });
    });
    await dropped;
    return succeed(null);
  },

  "user.current": async ({ ctx, caller }) => {
    const identity = caller.role === "borrower" ? await findIdentity(ctx.db, caller.userId) : null;
    return succeed({
      userId: caller.userId,
      phone: caller.phone,
      role: caller.role,
      lender: caller.lender,
      // The home page shows the borrower's verification step from this (docs/identity.md).
      identityVerified: isVerified(identity),
      // His own name only, to the caller himself: 'me' greets him by it rather than his phone.
      name: caller.lender?.displayName ?? identity?.name ?? null,
    });
  },
};
