/**
 * The one database schema, for the embedded default (PGlite) and for PostgreSQL alike.
 * Tables carry no schema qualifier: the connection's search_path decides where they live, so one
 * PostgreSQL database can hold several isolated copies (the test suite relies on that).
 *
 * Migrations are generated from this file by drizzle-kit (`pnpm --filter @chayong/server
 * db:generate`) into ../../drizzle and committed; the server applies them on start.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull();

/** One account per phone number (E.164). Lenders are made by an operator; everyone else borrows. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  phone: text("phone").notNull().unique(),
  role: text("role", { enum: ["lender", "borrower"] }).notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }),
});

export const lenderProfiles = pgTable("lender_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  displayName: text("display_name").notNull(),
  merchantName: text("merchant_name").notNull(),
  licenceNumber: text("licence_number"),
  jurisdiction: text("jurisdiction", { enum: ["KR", "TW"] }).notNull(),
  timeZone: text("time_zone").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Every SMS code ever sent. Doubles as the send log the rate limits count, so limits hold across
 * any number of server processes sharing the database.
 */
export const smsCodes = pgTable(
  "sms_codes",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    /** scrypt of the code with a per-code salt: a leaked table does not reveal live codes. */
    codeHash: text("code_hash").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("sms_codes_phone_created_idx").on(table.phone, table.createdAt),
    index("sms_codes_ip_created_idx").on(table.ip, table.createdAt),
  ],
);

/** Session tokens: only the SHA-256 of the 256-bit token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    lender: text("lender").notNull(),
    merchantName: text("merchant_name").notNull(),
    createdAt: createdAt(),
    /** Removed templates stay for the contracts made from them and for the audit trail. */
    removedAt: timestamp("removed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("templates_lender_created_idx").on(table.lenderId, table.createdAt)],
);

/**
 * A contract's terms (the validated draft, its schedule and its cost of credit) are one JSON
 * document: immutable once signed, hashed into the signature record. The columns beside it exist
 * for lookups and filters.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: text("id").primaryKey(),
    /** The share code: 144 random bits, URL-safe; the borrower's link carries it. */
    code: text("code").notNull(),
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    borrowerPhone: text("borrower_phone").notNull(),
    borrowerId: text("borrower_id").references(() => users.id),
    templateId: text("template_id").references(() => templates.id),
    name: text("name").notNull(),
    instalment: boolean("instalment").notNull(),
    jurisdiction: text("jurisdiction", { enum: ["KR", "TW"] }).notNull(),
    currency: text("currency").notNull(),
    /** The lender's business time zone when the contract was made: "today" for its status. */
    timeZone: text("time_zone").notNull(),
    terms: jsonb("terms").notNull(),
    renewal: boolean("renewal").notNull().default(false),
    createdAt: createdAt(),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }),
    signedAt: timestamp("signed_at", { withTimezone: true, mode: "date" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    cancelledBy: text("cancelled_by").references(() => users.id),
  },
  (table) => [
    uniqueIndex("contracts_code_idx").on(table.code),
    index("contracts_lender_created_idx").on(table.lenderId, table.createdAt),
    index("contracts_borrower_phone_idx").on(table.borrowerPhone),
  ],
);

/** The borrower's signature: once per contract (the primary key makes a second one impossible). */
export const contractSignatures = pgTable("contract_signatures", {
  contractId: text("contract_id")
    .primaryKey()
    .references(() => contracts.id),
  signerId: text("signer_id")
    .notNull()
    .references(() => users.id),
  /** The PNG the borrower drew, base64. */
  imagePng: text("image_png").notNull(),
  /** SHA-256 (hex) of the canonical JSON of the terms that were signed. */
  termsSha256: text("terms_sha256").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true, mode: "date" }).notNull(),
  ip: text("ip").notNull(),
});

/**
 * Money events, append-only (a database trigger refuses UPDATE and DELETE). Balances are derived
 * from these rows; a wrong entry is reversed by a new entry that names it.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    contractId: text("contract_id")
      .notNull()
      .references(() => contracts.id),
    kind: text("kind", { enum: ["repayment", "waiver", "renewal", "reversal"] }).notNull(),
    /** 1-based instalment the entry applies to (a reversal: the reversed entry's). */
    instalmentIndex: integer("instalment_index").notNull(),
    /** Smallest currency unit; null for renewals and reversals. */
    amount: bigint("amount", { mode: "number" }),
    /** The business day it takes effect (a repayment's write-off date). */
    date: date("date", { mode: "string" }).notNull(),
    /** A renewal's new due date. */
    newDueDate: date("new_due_date", { mode: "string" }),
    reversesEntryId: text("reverses_entry_id").references((): AnyPgColumn => ledgerEntries.id),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
    reason: text("reason"),
  },
  (table) => [
    index("ledger_entries_contract_idx").on(table.contractId, table.recordedAt),
    uniqueIndex("ledger_entries_reverses_idx").on(table.reversesEntryId),
  ],
);

/**
 * Who did what, when and from where: every state change and every view of personal data.
 * Append-only, like the ledger.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    ip: text("ip"),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index("audit_events_subject_idx").on(table.subjectType, table.subjectId),
    index("audit_events_actor_idx").on(table.actorId, table.at),
  ],
);

/** Operator-set configuration served to the app, e.g. the customer-service contact ('line'). */
export const serviceConfig = pgTable("service_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});
