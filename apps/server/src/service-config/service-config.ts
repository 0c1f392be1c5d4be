import { readFile } from "node:fs/promises";
import { sniffImageType } from "@chayong/domain";
import { eq } from "drizzle-orm";
import { operatorActor, recordAudit } from "../audit/audit";
import type { Db } from "../db/database";
import { serviceConfig } from "../db/schema";
import type { FileStore, StoredFileKey } from "../files/file-store";

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

/** Where the app fetches a QR image the operator stored (`config:set-service --line-img-file`). */
export const serviceImagePath = "/api/v1/config/serviceImage";

/** The largest QR image an operator may store: a QR code needs a few kilobytes. */
const maxServiceImageBytes = 2 * 1024 * 1024;

/**
 * Puts an operator's QR image into the file store: its address, which the contact's `line_img`
 * then names, or why it cannot (not a PNG, JPEG or WebP; too large; unreadable).
 */
export async function storeServiceImage(
  files: FileStore,
  path: string,
): Promise<{ ok: true; address: string } | { ok: false; problem: string }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    return { ok: false, problem: `cannot read ${path}: ${(error as Error).message}` };
  }
  if (bytes.byteLength > maxServiceImageBytes) {
    return { ok: false, problem: `${path} is over 2 MB: a QR image needs far less` };
  }
  const type = sniffImageType(bytes);
  if (type === null) return { ok: false, problem: `${path} is not a PNG, JPEG or WebP image` };
  const key = await files.put(bytes, type);
  return { ok: true, address: `${serviceImagePath}/${key}` };
}

/** The stored QR image's key, when the contact's image is one the operator stored. */
export function storedServiceImageKey(contact: CustomerServiceContact): StoredFileKey | null {
  const prefix = `${serviceImagePath}/`;
  return contact.line_img.startsWith(prefix) ? contact.line_img.slice(prefix.length) : null;
}
