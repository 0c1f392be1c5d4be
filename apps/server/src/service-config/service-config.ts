import { eq } from "drizzle-orm";
import { operatorActor, recordAudit } from "../audit/audit";
import type { Db } from "../db/database";
import { serviceConfig } from "../db/schema";

/** The customer-service contact the app's floating panel shows (docs/wire-protocol.md#service-config). */
export interface CustomerServiceContact {
  /** Messaging-app QR image URL. */
  line_img: string;
  /** Messaging-app account id. */
  line: string;
  /** Link. */
  line_url: string;
}

export const customerServiceKey = "line";
const emptyContact: CustomerServiceContact = { line_img: "", line: "", line_url: "" };

export async function readCustomerService(db: Db): Promise<CustomerServiceContact> {
  const [row] = await db
    .select({ value: serviceConfig.value })
    .from(serviceConfig)
    .where(eq(serviceConfig.key, customerServiceKey))
    .limit(1);
  return { ...emptyContact, ...((row?.value as Partial<CustomerServiceContact>) ?? {}) };
}

/** Operator command: sets any of the three fields, keeping the others. */
export async function setCustomerService(
  db: Db,
  changes: Partial<CustomerServiceContact>,
  now: Date,
): Promise<CustomerServiceContact> {
  return db.transaction(async (tx) => {
    const next = { ...(await readCustomerService(tx)), ...changes };
    await tx
      .insert(serviceConfig)
      .values({ key: customerServiceKey, value: next, updatedAt: now })
      .onConflictDoUpdate({ target: serviceConfig.key, set: { value: next, updatedAt: now } });
    await recordAudit(tx, {
      actor: operatorActor,
      action: "config.setService",
      subjectId: customerServiceKey,
      ip: null,
      at: now,
      details: { ...changes },
    });
    return next;
  });
}
