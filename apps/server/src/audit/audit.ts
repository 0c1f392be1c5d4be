import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { auditEvents } from "../db/schema";
import {
  type AuditAction,
  type AuditDetails,
  type AuditSubject,
  auditActions,
  formerActionNames,
  isAuditAction,
  storedNamesOf,
} from "./audit-events";

/** Who acted: a signed-in user, or nobody yet (a login attempt, an operator command). */
export interface Actor {
  userId: string | null;
  role: "lender" | "borrower" | "operator" | null;
  /** The API key a lender's tool acted with (README "API keys"); absent or null for a session. */
  apiKeyId?: string | null;
}

/** An action without details may leave them out. */
type DetailsOf<A extends AuditAction> =
  Record<string, never> extends AuditDetails<A>
    ? { details?: AuditDetails<A> }
    : { details: AuditDetails<A> };

/** One event to record: its details typed by its action (./audit-events.ts). */
export type AuditEvent = {
  [A in AuditAction]: {
    actor: Actor;
    action: A;
    subjectId: string | null;
    ip: string | null;
    /** The caller's device (Call.device); absent where none called (an operator command). */
    device?: string | null;
    at: Date;
  } & DetailsOf<A>;
}[AuditAction];

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
    subjectType: auditActions[event.action].subject,
    subjectId: event.subjectId,
    ip: event.ip,
    device: event.device ?? null,
    details: event.details ?? {},
  });
}

/**
 * The INSERT of one `contract.list` event, for a CTE of the statement that reads the list
 * (src/contracts/contract-list.ts): the row is written by the read that shows the contracts, in
 * the same statement and so the same commit, or not at all. `shown` is a query of the ids shown
 * (column `id`, in the order shown); no row when it finds none.
 */
export function contractListAuditSql(
  actor: Actor,
  ip: string | null,
  device: string | null,
  at: Date,
  shown: SQL,
): SQL {
  const details = sql`jsonb_build_object('contractIds', jsonb_agg("shown"."id" order by "shown"."ord"))`;
  return sql`insert into ${auditEvents} ("at", "actor_id", "actor_role", "actor_api_key_id", "action", "subject_type", "subject_id", "ip", "device", "details") select ${at.toISOString()}::timestamptz, ${actor.userId}::text, ${actor.role}::text, ${actor.apiKeyId ?? null}::text, ${"contract.list"}, ${auditActions["contract.list"].subject}, null, ${ip}::text, ${device}::text, ${details} from (${shown}) as "shown" having count(*) > 0`;
}

export const operatorActor: Actor = { userId: null, role: "operator" };

/** The signed-in caller as the actor of what they did: with its API key when it used one. */
export function actorOf(
  caller: Pick<Caller, "userId" | "role"> & Partial<Pick<Caller, "apiKey">>,
): Actor {
  return { userId: caller.userId, role: caller.role, apiKeyId: caller.apiKey?.id ?? null };
}

/** One recorded event as read back: its details checked against its action's schema. */
export type AuditRecord<A extends AuditAction = AuditAction> = {
  [B in A]: {
    id: number;
    at: Date;
    actor: { userId: string | null; role: Actor["role"]; apiKeyId: string | null };
    action: B;
    subjectType: AuditSubject<B>;
    subjectId: string | null;
    ip: string | null;
    device: string | null;
    details: AuditDetails<B>;
  };
}[A];

/** Which events to read: every field given must match. */
export interface AuditQuery<A extends AuditAction> {
  action?: A;
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
  actorApiKeyId?: string;
  ip?: string;
}

/**
 * The events that match, oldest first (the order they were written in), each validated with
 * its action's schema: a row this code could not have written is an error, never a guess.
 */
export async function readAuditEvents<A extends AuditAction = AuditAction>(
  db: Db,
  query: AuditQuery<A> = {},
): Promise<AuditRecord<A>[]> {
  const conditions: SQL[] = [];
  if (query.action !== undefined) {
    conditions.push(inArray(auditEvents.action, storedNamesOf(query.action)));
  }
  if (query.subjectType !== undefined)
    conditions.push(eq(auditEvents.subjectType, query.subjectType));
  if (query.subjectId !== undefined) conditions.push(eq(auditEvents.subjectId, query.subjectId));
  if (query.actorId !== undefined) conditions.push(eq(auditEvents.actorId, query.actorId));
  if (query.actorApiKeyId !== undefined)
    conditions.push(eq(auditEvents.actorApiKeyId, query.actorApiKeyId));
  if (query.ip !== undefined) conditions.push(eq(auditEvents.ip, query.ip));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((row) => auditRecordOf(row) as AuditRecord<A>);
}

function auditRecordOf(row: typeof auditEvents.$inferSelect): AuditRecord {
  const action = formerActionNames[row.action] ?? row.action;
  if (!isAuditAction(action)) {
    throw new Error(`audit event ${row.id}: unknown action ${JSON.stringify(action)}`);
  }
  const details = v.safeParse(auditActions[action].details, row.details ?? {});
  if (!details.success) {
    const problems = details.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
    throw new Error(`audit event ${row.id} (${action}): details ${problems.join("; ")}`);
  }
  return {
    id: row.id,
    at: row.at,
    // The column's check constraint allows these roles only.
    actor: {
      userId: row.actorId,
      role: row.actorRole as Actor["role"],
      apiKeyId: row.actorApiKeyId,
    },
    action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    ip: row.ip,
    device: row.device,
    details: details.output,
  } as AuditRecord;
}
