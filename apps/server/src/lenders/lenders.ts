import { randomUUID } from "node:crypto";
import { cleanText, isAcceptableLine, type Jurisdiction, normalizePhone } from "@chayong/domain";
import { and, count, eq } from "drizzle-orm";
import { operatorActor, recordAudit } from "../audit/audit";
import { userTag } from "../auth/session-cache";
import type { Db } from "../db/database";
import { publishInvalidation } from "../db/invalidations";
import { lenderProfiles, users } from "../db/schema";

/** docs/roles.md#lender-profile: each jurisdiction's business time zone. */
export const businessTimeZones: Record<Jurisdiction, string> = {
  KR: "Asia/Seoul",
  TW: "Asia/Taipei",
};

/** As long as the names a lender types on a contract (the domain's `maxTextLength`). */
const maxLenderTextLength = 100;

export interface AddLenderInput {
  phone: string;
  name: string;
  merchantName?: string;
  licenceNumber?: string;
  jurisdiction?: Jurisdiction;
}

export type AddLenderResult =
  | { ok: true; userId: string; phone: string; created: boolean }
  | { ok: false; problem: string };

/**
 * Makes the account of a phone a lender (creating the account when needed) and sets its profile.
 * Running it again updates the profile: operators fix typos with the same command.
 */
export async function addLender(
  db: Db,
  input: AddLenderInput,
  now: Date,
): Promise<AddLenderResult> {
  const jurisdiction = input.jurisdiction ?? "KR";
  const phone = normalizePhone(input.phone, jurisdiction, { mobile: true });
  if (!phone.ok)
    return { ok: false, problem: `--phone is not a valid KR/TW mobile number: ${input.phone}` };
  // The names appear on every contract document: the text rule of every request applies.
  const texts = [input.name, input.merchantName ?? "", input.licenceNumber ?? ""].map(cleanText);
  if (!texts.every(isAcceptableLine)) {
    return { ok: false, problem: "names hold control characters or broken (ill-formed) text" };
  }
  const [name = "", merchant = "", licence = ""] = texts;
  if (name === "") return { ok: false, problem: "--name must not be empty" };
  if (texts.some((text) => text.length > maxLenderTextLength)) {
    return { ok: false, problem: `names are at most ${maxLenderTextLength} characters` };
  }
  const merchantName = merchant || name;

  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.phone, phone.value)).limit(1);
    const created = user === undefined;
    if (user === undefined) {
      [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), phone: phone.value, role: "lender", createdAt: now })
        .returning();
      if (user === undefined) throw new Error("user insert returned nothing");
    } else if (user.role !== "lender") {
      await tx.update(users).set({ role: "lender" }).where(eq(users.id, user.id));
    }
    const profile = {
      displayName: name,
      merchantName,
      licenceNumber: licence || null,
      jurisdiction,
      timeZone: businessTimeZones[jurisdiction],
      updatedAt: now,
    };
    await tx
      .insert(lenderProfiles)
      .values({ userId: user.id, createdAt: now, ...profile })
      .onConflictDoUpdate({ target: lenderProfiles.userId, set: profile });
    // Every process's session cache holds the user's role and profile: drop them at the commit.
    if (!created) await publishInvalidation(tx, [userTag(user.id)]);
    await recordAudit(tx, {
      actor: operatorActor,
      action: created ? "lender.add" : "lender.update",
      subjectId: user.id,
      ip: null,
      at: now,
      details: { jurisdiction, merchantName },
    });
    return { ok: true, userId: user.id, phone: phone.value, created };
  });
}

export async function countLenders(db: Db): Promise<number> {
  const [row] = await db.select({ lenders: count() }).from(users).where(eq(users.role, "lender"));
  return row?.lenders ?? 0;
}

/** The phone in E.164 when its account is a lender, else null. */
export async function lenderPhone(db: Db, phone: string): Promise<string | null> {
  const normalized = normalizePhone(phone, "KR", { mobile: true });
  if (!normalized.ok) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, normalized.value), eq(users.role, "lender")));
  return row === undefined ? null : normalized.value;
}
