import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { auditEvents } from "../db/schema";

/** Who acted: a signed-in user, or nobody yet (a login attempt, an operator command). */
export interface Actor {
  userId: string | null;
  role: "lender" | "borrower" | "operator" | null;
  /** The API key a lender's tool acted with (README "API keys"); absent or null for a session. */
  apiKeyId?: string | null;
}

export interface AuditEvent {
  actor: Actor;
  /** Dotted verb, e.g. `contract.sign`, `contract.view`, `session.login`. */
  action: string;
  subjectType: string;
  subjectId: string | null;
  ip: string | null;
  at: Date;
  details?: Record<string, unknown>;
}

/**
 * Records one state change or one view of personal data. Call it inside the transaction of the
 * change it describes, so a change never lands without its record (nor a record without it).
 */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    at: event.at,
    actorId: event.actor.userId,
    actorRole: event.actor.role,
    actorApiKeyId: event.actor.apiKeyId ?? null,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    ip: event.ip,
    details: event.details ?? {},
  });
}

export const operatorActor: Actor = { userId: null, role: "operator" };

/** The signed-in caller as the actor of what they did: with its API key when it used one. */
export function actorOf(
  caller: Pick<Caller, "userId" | "role"> & Partial<Pick<Caller, "apiKey">>,
): Actor {
  return { userId: caller.userId, role: caller.role, apiKeyId: caller.apiKey?.id ?? null };
}
