/**
 * The one database schema, for the embedded default (PGlite) and for PostgreSQL alike.
 * Tables carry no schema qualifier: the connection's search_path decides where they live, so one
 * PostgreSQL database can hold several isolated copies (the test suite relies on that).
 *
 * Migrations are generated from this file by drizzle-kit (`pnpm --filter @chayong/server
 * db:generate`) into ../../drizzle and committed; the server applies them on start.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull();

/** One account per phone number (E.164). Lenders are made by an operator; everyone else borrows. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull().unique(),
    role: text("role", { enum: ["lender", "borrower"] }).notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [check("users_role_check", sql`${table.role} in ('lender', 'borrower')`)],
);

export const lenderProfiles = pgTable(
  "lender_profiles",
  {
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
  },
  (table) => [
    check("lender_profiles_jurisdiction_check", sql`${table.jurisdiction} in ('KR', 'TW')`),
  ],
);

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

/**
 * API keys of a lender's internal tools (README "API keys"). The key is `cyk_<prefix>_<secret>`:
 * the prefix is shown in lists and is no secret; the secret is 256 random bits, so a plain
 * SHA-256 of the whole key is enough to store (like session tokens): nothing can be guessed or
 * brute-forced from it, and a slow password hash would only slow every call down.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "full"] }).notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdAt(),
    /** Written at most once a minute per key, so a busy tool does not write on every call. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("api_keys_lender_idx").on(table.lenderId, table.createdAt),
    check("api_keys_scope_check", sql`${table.scope} in ('read', 'full')`),
  ],
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
 * for lookups and filters; those after `renewal` are the contract's part of the read model
 * (docs/money.md): derived from the ledger and rewritten in the transaction of every append.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: text("id").primaryKey(),
    /** The share code: 144 random bits, URL-safe; the borrower's link carries it. */
    code: text("code").notNull(),
    /**
     * The contract number people read and quote: `C-<year>-<6 digits>`, the lender's n-th
     * contract of that year in his business time zone (docs/contracts.md, "Contract number").
     */
    number: text("number").notNull(),
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
    /** Whether a renewal is in effect (a reversed renewal clears it). */
    renewal: boolean("renewal").notNull().default(false),
    createdAt: createdAt(),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }),
    signedAt: timestamp("signed_at", { withTimezone: true, mode: "date" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    cancelledBy: text("cancelled_by").references(() => users.id),
    /**
     * When the share code stops opening the contract: 7 days after it was issued (docs/contracts.md,
     * "Share link"). A new code (contract.reissueLink) replaces the old one and its expiry.
     */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Whether reminders go to the borrower (docs/notices.md); the lender may turn them off. */
    reminders: boolean("reminders").notNull().default(true),
    /** The earliest due date with money outstanding; null once nothing is owed. */
    nextDueDate: date("next_due_date", { mode: "string" }),
    repaidAmount: bigint("repaid_amount", { mode: "number" }).notNull().default(0),
    waivedAmount: bigint("waived_amount", { mode: "number" }).notNull().default(0),
    principalOutstanding: bigint("principal_outstanding", { mode: "number" }).notNull().default(0),
    /**
     * The sequence number of the contract's last ledger entry (0 when none): which ledger the
     * stored read model is the replay of. With repaid and principal outstanding, the statistics
     * of the lender's book read these columns instead of replaying ledgers.
     */
    ledgerSeq: integer("ledger_seq").notNull().default(0),
    /**
     * The overdue rate of the terms in basis points (percent x 100), as the domain's
     * `basisPointsOf` counts it: the statistics' overdue sums read it for many contracts at once
     * without reading each one's terms document.
     */
    overdueBasisPoints: integer("overdue_basis_points").generatedAlwaysAs(
      (): SQL => sql`round((${contracts.terms} ->> 'overdueRatePercent')::numeric * 100)::integer`,
    ),
    /**
     * Where the contract stands apart from today's date, computed by the database from the
     * columns above so it can never drift: `type1` / `type2` before signing, `owing` (type4
     * overdue or type6 pending, told apart by next_due_date against today), `type5` settled,
     * `type3` completed with relief, `cancelled`. The lists filter and index on it.
     */
    phase: text("phase", {
      enum: ["type1", "type2", "owing", "type3", "type5", "cancelled"],
    }).generatedAlwaysAs(
      (): SQL => sql`case
        when ${contracts.cancelledAt} is not null then 'cancelled'
        when ${contracts.signedAt} is null and ${contracts.openedAt} is null then 'type1'
        when ${contracts.signedAt} is null then 'type2'
        when ${contracts.nextDueDate} is not null then 'owing'
        when ${contracts.waivedAmount} > 0 then 'type3'
        else 'type5' end`,
    ),
  },
  (table) => [
    uniqueIndex("contracts_code_idx").on(table.code),
    uniqueIndex("contracts_lender_number_idx").on(table.lenderId, table.number),
    index("contracts_lender_list_idx").on(table.lenderId, table.createdAt, table.id),
    index("contracts_lender_phase_list_idx").on(
      table.lenderId,
      table.phase,
      table.createdAt,
      table.id,
    ),
    index("contracts_borrower_list_idx").on(table.borrowerId, table.createdAt, table.id),
    index("contracts_borrower_phone_idx").on(table.borrowerPhone),
    // The statistics' overdue sum reads only the owing contracts already past a due date, and
    // only from this index (the trailing columns are what it needs; drizzle has no INCLUDE).
    index("contracts_lender_owing_due_idx")
      .on(table.lenderId, table.nextDueDate, table.id, table.instalment, table.overdueBasisPoints)
      .where(sql`${table.phase} = 'owing'`),
    check("contracts_jurisdiction_check", sql`${table.jurisdiction} in ('KR', 'TW')`),
    check(
      "contracts_read_model_check",
      sql`${table.repaidAmount} >= 0 and ${table.waivedAmount} >= 0 and ${table.principalOutstanding} >= 0 and ${table.ledgerSeq} >= 0`,
    ),
  ],
);

/**
 * The last contract number given per lender and year (docs/contracts.md, "Contract number"): the
 * upsert that takes the next one locks this row, so two contracts made at once never share one.
 */
export const contractNumberCounters = pgTable(
  "contract_number_counters",
  {
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lenderId, table.year] }),
    check("contract_number_counters_last_check", sql`${table.lastNumber} >= 1`),
  ],
);

/**
 * The read model of each instalment (docs/money.md): its state after the ledger entries that
 * concern it (`InstalmentState` of @chayong/domain), from which its balance on any later day
 * follows without reading the ledger. Written only by the contracts and money stores, in the
 * transaction that creates the contract or appends to its ledger.
 */
export const contractInstalments = pgTable(
  "contract_instalments",
  {
    contractId: text("contract_id")
      .notNull()
      .references(() => contracts.id),
    instalmentIndex: integer("instalment_index").notNull(),
    originalDueDate: date("original_due_date", { mode: "string" }).notNull(),
    /** After renewals. */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    repaid: bigint("repaid", { mode: "number" }).notNull(),
    waived: bigint("waived", { mode: "number" }).notNull(),
    principalOutstanding: bigint("principal_outstanding", { mode: "number" }).notNull(),
    interestSettled: bigint("interest_settled", { mode: "number" }).notNull(),
    /** Overdue interest through `accrued_through`, exactly: principal x basis points x days. */
    accruedInterestUnits: numeric("accrued_interest_units", {
      precision: 40,
      scale: 0,
      mode: "bigint",
    }).notNull(),
    accruedThrough: date("accrued_through", { mode: "string" }).notNull(),
    overpaid: bigint("overpaid", { mode: "number" }).notNull(),
    renewed: boolean("renewed").notNull(),
    lastEntrySeq: integer("last_entry_seq").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.instalmentIndex] }),
    // The statistics' due windows (due today, in 3 and 7 days) look instalments up by date.
    index("contract_instalments_due_idx").on(table.dueDate),
    check(
      "contract_instalments_balance_check",
      sql`${table.instalmentIndex} >= 1 and ${table.repaid} >= 0 and ${table.waived} >= 0 and ${table.principalOutstanding} >= 0 and ${table.principalOutstanding} <= ${table.amount} and ${table.interestSettled} >= 0 and ${table.overpaid} >= 0`,
    ),
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
  /**
   * The parties as the contract names them at signing (docs/contracts.md, "Parties"): the
   * borrower as verified then, the ID number masked, and the lender's licence number then. Kept
   * here so a later change of either record leaves the signed contract as it was; null on
   * contracts signed before the columns existed.
   */
  borrowerName: text("borrower_name"),
  borrowerIdNumberMasked: text("borrower_id_number_masked"),
  borrowerAddress: text("borrower_address"),
  lenderLicenceNumber: text("lender_licence_number"),
});

/**
 * One money operation a lender asked for (a repayment and/or waiver, a renewal, a reversal),
 * under the idempotency key the client sent: a retry of the same request answers `answer` again
 * and writes nothing; the same key with another request is refused.
 */
export const moneyOperations = pgTable(
  "money_operations",
  {
    id: text("id").primaryKey(),
    contractId: text("contract_id")
      .notNull()
      .references(() => contracts.id),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind", { enum: ["repay", "renew", "reverse"] }).notNull(),
    /** SHA-256 of the canonical JSON of the request: tells a retry from a reused key. */
    requestSha256: text("request_sha256").notNull(),
    /** The answer the first call gave. */
    answer: jsonb("answer").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    uniqueIndex("money_operations_key_idx").on(table.actorId, table.idempotencyKey),
    check("money_operations_kind_check", sql`${table.kind} in ('repay', 'renew', 'reverse')`),
  ],
);

/**
 * One creation per user action (docs/idempotency.md): contract.add, template.add, the offline-loan
 * report, block and apiKey.create with an `idempotencyKey` leave a row here in their own
 * transaction. A repeat with the same key and request answers the first answer; with another
 * request it is refused. Kept a day (rows older are removed as the same actor creates again).
 */
export const creations = pgTable(
  "creations",
  {
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    endpoint: text("endpoint").notNull(),
    /** SHA-256 of the canonical JSON of the endpoint and the request. */
    requestSha256: text("request_sha256").notNull(),
    /** The first answer, sealed: it holds personal data, and an API key's secret. */
    answerSealed: text("answer_sealed").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: "creations_pkey", columns: [table.actorId, table.idempotencyKey] }),
    index("creations_actor_created_idx").on(table.actorId, table.createdAt),
  ],
);

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
    /** 1, 2, 3... per contract in the order written: the tie-break within a day. */
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: ["repayment", "waiver", "renewal", "reversal"] }).notNull(),
    /** 1-based instalment the entry applies to (a reversal: the reversed entry's). */
    instalmentIndex: integer("instalment_index").notNull(),
    /** Smallest currency unit; null for renewals and reversals. */
    amount: bigint("amount", { mode: "number" }),
    /** The business day it takes effect (the day a repayment was received). */
    date: date("date", { mode: "string" }).notNull(),
    /** A renewal's new due date. */
    newDueDate: date("new_due_date", { mode: "string" }),
    /** A reversal's target: an entry of the same contract (composite foreign key). */
    reversesEntryId: text("reverses_entry_id"),
    /** The operation (and idempotency key) that wrote it. */
    operationId: text("operation_id")
      .notNull()
      .references(() => moneyOperations.id),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
    reason: text("reason"),
  },
  (table) => [
    uniqueIndex("ledger_entries_contract_seq_idx").on(table.contractId, table.seq),
    // What a reversal may name: an entry of the same contract and the same instalment.
    uniqueIndex("ledger_entries_target_idx").on(table.contractId, table.id, table.instalmentIndex),
    uniqueIndex("ledger_entries_reverses_idx").on(table.reversesEntryId),
    foreignKey({
      name: "ledger_entries_reverses_same_contract_fk",
      columns: [table.contractId, table.reversesEntryId, table.instalmentIndex],
      foreignColumns: [table.contractId, table.id, table.instalmentIndex],
    }),
    check(
      "ledger_entries_kind_check",
      sql`${table.kind} in ('repayment', 'waiver', 'renewal', 'reversal')`,
    ),
    check(
      "ledger_entries_shape_check",
      sql`${table.seq} >= 1 and ${table.instalmentIndex} >= 1
        and (${table.kind} in ('repayment', 'waiver')) = (${table.amount} is not null)
        and (${table.amount} is null or ${table.amount} > 0)
        and (${table.kind} = 'renewal') = (${table.newDueDate} is not null)
        and (${table.kind} = 'reversal') = (${table.reversesEntryId} is not null)
        and (${table.kind} <> 'reversal' or ${table.reason} is not null)`,
    ),
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
    /** The API key the actor called with; null for a session (or no caller). */
    actorApiKeyId: text("actor_api_key_id"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    ip: text("ip"),
    /** The caller's device as its browser names it (User-Agent, cut to 200 characters). */
    device: text("device"),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    /**
     * The row's place in the audit chain (docs/privacy.md, "The audit chain"), filled by the
     * insert trigger under the chain head's lock: its number, the hash of the row before it, and
     * SHA-256 of that hash and of this row's content.
     */
    chainSeq: bigint("chain_seq", { mode: "number" }),
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (table) => [
    uniqueIndex("audit_events_chain_seq_idx").on(table.chainSeq),
    index("audit_events_subject_idx").on(table.subjectType, table.subjectId),
    index("audit_events_actor_idx").on(table.actorId, table.at),
    check(
      "audit_events_actor_role_check",
      sql`${table.actorRole} is null or ${table.actorRole} in ('lender', 'borrower', 'operator')`,
    ),
  ],
);

/**
 * The last link of the audit chain: one row, locked by each audit insert until its transaction
 * ends, so N processes extend one chain in one order.
 */
export const auditChainHead = pgTable(
  "audit_chain_head",
  {
    id: boolean("id").primaryKey().default(true),
    seq: bigint("seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [check("audit_chain_head_one_row", sql`${table.id}`)],
);

/**
 * The sealed PDF of a signed contract (docs/contract-pdf.md): rendered once, signed with the
 * deployment's certificate, stored in the file store under its SHA-256 and served as it is at
 * every download. `chainSeq` and `chainHash` are the audit chain's head its audit page carries.
 */
export const contractSeals = pgTable("contract_seals", {
  contractId: text("contract_id")
    .primaryKey()
    .references(() => contracts.id),
  /** SHA-256 (hex) of the sealed PDF's bytes, which is also its file store key's name. */
  pdfSha256: text("pdf_sha256").notNull().unique(),
  fileKey: text("file_key").notNull(),
  /** The language it was rendered in: the signer's. */
  locale: text("locale").notNull(),
  sealedAt: timestamp("sealed_at", { withTimezone: true, mode: "date" }).notNull(),
  chainSeq: bigint("chain_seq", { mode: "number" }).notNull(),
  chainHash: text("chain_hash").notNull(),
  /** SHA-256 (hex) of the DER certificate that signed it. */
  certificateSha256: text("certificate_sha256").notNull(),
});

/**
 * A ledger statement issued for a signed contract (docs/contract-pdf.md, "The ledger statement"):
 * its signed PDF, kept in the file store under its SHA-256 so the verify endpoint knows it.
 */
export const contractStatements = pgTable(
  "contract_statements",
  {
    id: text("id").primaryKey(),
    contractId: text("contract_id")
      .notNull()
      .references(() => contracts.id),
    pdfSha256: text("pdf_sha256").notNull().unique(),
    fileKey: text("file_key").notNull(),
    locale: text("locale").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The day its balances are for, in the contract's time zone. */
    asOf: date("as_of").notNull(),
    chainSeq: bigint("chain_seq", { mode: "number" }).notNull(),
    chainHash: text("chain_hash").notNull(),
    certificateSha256: text("certificate_sha256").notNull(),
  },
  (table) => [index("contract_statements_contract_idx").on(table.contractId, table.issuedAt)],
);

/**
 * The durable job queue (docs/notices.md, "The job queue"). A worker claims due jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so N processes never run one job at
 * once; a job whose worker died is claimed again once its lease is over. `key` makes enqueueing
 * idempotent: a second job with the same key is not added while the first exists.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    key: text("key").unique(),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    /** Set when the job gave up after its last attempt. */
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("jobs_due_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * What the borrower was told (docs/notices.md): a reminder per instalment and kind, or a receipt
 * per money operation. `key` is unique, so a notice exists once however often the scan runs or
 * however many processes race; its SMS goes out by one `notice.send` job.
 */
export const notices = pgTable(
  "notices",
  {
    id: text("id").primaryKey(),
    /** The order notices were added in (many share one instant: a scan adds them together). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    key: text("key").notNull().unique(),
    contractId: text("contract_id")
      .notNull()
      .references(() => contracts.id),
    kind: text("kind", {
      enum: ["dueSoon", "dueToday", "overdue1", "overdue7", "receipt"],
    }).notNull(),
    instalmentIndex: integer("instalment_index"),
    dueDate: date("due_date", { mode: "string" }),
    /** The ledger entry kind of a receipt: repayment, waiver, renewal or reversal. */
    entryKind: text("entry_kind"),
    amount: bigint("amount", { mode: "number" }),
    outstandingAmount: bigint("outstanding_amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    /**
     * `waiting` until its SMS is handed over (`sent`), or it is `dropped` (reminders turned off,
     * the instalment settled, or its day over before it could go) or `failed` (the gateway refused
     * every attempt).
     */
    state: text("state", { enum: ["waiting", "sent", "dropped", "failed"] })
      .notNull()
      .default("waiting"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("notices_contract_idx").on(table.contractId, table.createdAt),
    check("notices_state_check", sql`${table.state} in ('waiting', 'sent', 'dropped', 'failed')`),
  ],
);

/** Operator-set configuration served to the app, e.g. the customer-service contact ('line'). */
export const serviceConfig = pgTable("service_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * An uploaded image (docs/identity.md): the file itself lives in the file store under its
 * content hash; this row says whose it is. Never public: served only to its owner and to a
 * lender of one of the owner's contracts, through a signed address.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    /** The file store key: `<sha256>.<ext>` of the re-encoded image. */
    fileKey: text("file_key").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("uploads_owner_idx").on(table.ownerId, table.createdAt)],
);

/**
 * A borrower's identity verification (docs/identity.md): the live face check, the ID card
 * with its details, and the moment the contacts were saved. The ID number is stored sealed
 * (AES-256-GCM, key id inside) and found by its keyed hash; only the masked form is in clear.
 */
export const borrowerIdentities = pgTable(
  "borrower_identities",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    /** The live capture the borrower's latest accepted face check used. */
    faceUploadId: text("face_upload_id").references(() => uploads.id),
    faceCheckedAt: timestamp("face_checked_at", { withTimezone: true, mode: "date" }),
    frontUploadId: text("front_upload_id").references(() => uploads.id),
    backUploadId: text("back_upload_id").references(() => uploads.id),
    holdingUploadId: text("holding_upload_id").references(() => uploads.id),
    name: text("name"),
    idNumberSealed: text("id_number_sealed"),
    idNumberHash: text("id_number_hash"),
    idNumberMasked: text("id_number_masked"),
    gender: text("gender", { enum: ["male", "female"] }),
    birthday: date("birthday", { mode: "string" }),
    address: text("address"),
    sharedDebtConsent: boolean("shared_debt_consent").notNull().default(false),
    /** When the details were confirmed and the live face matched the ID card's photos. */
    idCardVerifiedAt: timestamp("id_card_verified_at", { withTimezone: true, mode: "date" }),
    contactsAddedAt: timestamp("contacts_added_at", { withTimezone: true, mode: "date" }),
    /**
     * How the live face compared with the ID card's photos at confirmation (docs/identity.md,
     * "Three outcomes"): `match`, or `review` when the score fell between the thresholds and a
     * lender must look before the borrower signs his contracts; null before the card.
     */
    faceDecision: text("face_decision", { enum: ["match", "review"] }),
    /** The lowest similarity of that comparison, 0..1. */
    faceScore: doublePrecision("face_score"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("borrower_identities_id_number_hash_idx").on(table.idNumberHash),
    check(
      "borrower_identities_face_decision_check",
      sql`${table.faceDecision} in ('match', 'review')`,
    ),
    check(
      "borrower_identities_id_number_check",
      sql`(${table.idNumberSealed} is null) = (${table.idNumberHash} is null)`,
    ),
  ],
);

/**
 * A lender's decision on a borrower's face check that came out `review` (docs/identity.md,
 * "Three outcomes"): for the photos it names (a new check is a new review), and for this lender's
 * contracts only. Written once; a lender does not change his mind silently.
 */
export const identityReviews = pgTable(
  "identity_reviews",
  {
    borrowerId: text("borrower_id")
      .notNull()
      .references(() => users.id),
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    faceUploadId: text("face_upload_id")
      .notNull()
      .references(() => uploads.id),
    frontUploadId: text("front_upload_id")
      .notNull()
      .references(() => uploads.id),
    holdingUploadId: text("holding_upload_id")
      .notNull()
      .references(() => uploads.id),
    decision: text("decision", { enum: ["approved", "refused"] }).notNull(),
    /** The score the lender saw. */
    score: doublePrecision("score").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.borrowerId,
        table.lenderId,
        table.faceUploadId,
        table.frontUploadId,
        table.holdingUploadId,
      ],
    }),
    check("identity_reviews_decision_check", sql`${table.decision} in ('approved', 'refused')`),
  ],
);

/**
 * The live face of each borrower whose ID card was confirmed (docs/identity.md, "One person, one
 * identity"): the full description sealed like the ID number (docs/privacy.md, "Biometric
 * data"), and its fixed random projection in clear, the search index's key. Rewritten (a new
 * `seq`) at each confirmation; `seq` orders the rows as they were written, which is how a
 * server process's index reads only the rows it has not seen (src/identity/one-identity.ts).
 */
export const identityFaces = pgTable(
  "identity_faces",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    /** The embedding (float32, little-endian, base64), sealed by the personal-data cipher. */
    embeddingSealed: text("embedding_sealed").notNull(),
    /**
     * The unit embedding's fixed random projection to a few numbers (float32, little-endian,
     * base64: read into memory by every server process, so read fast): candidates, not a match.
     */
    projection: text("projection").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("identity_faces_seq_idx").on(table.seq)],
);

/**
 * Accounts found to be one person (docs/identity.md, "One person, one identity"): the same ID
 * number and the same face, verified on two phones. One row each way, so either account finds
 * the other by its own id.
 */
export const identityLinks = pgTable(
  "identity_links",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    otherUserId: text("other_user_id")
      .notNull()
      .references(() => users.id),
    /** The faces' similarity, 0..1; null when either account has no face description. */
    similarity: doublePrecision("similarity"),
    linkedAt: timestamp("linked_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.otherUserId] })],
);

/**
 * ID card confirmations refused because the face or the ID number was already verified on
 * another account (docs/identity.md, "One person, one identity"), for the operator
 * (`identity:conflicts`).
 */
export const identityConflicts = pgTable(
  "identity_conflicts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account whose confirmation was refused. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The account already verified with that face or number. */
    otherUserId: text("other_user_id")
      .notNull()
      .references(() => users.id),
    /** `face`: the same face with another ID number; `idNumber`: the same number, another face. */
    kind: text("kind", { enum: ["face", "idNumber"] }).notNull(),
    /** The faces' similarity, 0..1, when both were described. */
    similarity: doublePrecision("similarity"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("identity_conflicts_at_idx").on(table.at),
    check("identity_conflicts_kind_check", sql`${table.kind} in ('face', 'idNumber')`),
  ],
);

/** A borrower's two emergency contacts (position 1 and 2), replaced as a pair. */
export const emergencyContacts = pgTable(
  "emergency_contacts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** E.164 */
    phone: text("phone").notNull(),
    relation: text("relation").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.position] }),
    check("emergency_contacts_position_check", sql`${table.position} in (1, 2)`),
  ],
);

/**
 * Every identity verification attempt (face check, OCR reading, details confirmation) with
 * what the engines measured: the record of scores, and the log the per-borrower limits count
 * (so they hold across server processes).
 */
export const identityAttempts = pgTable(
  "identity_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", {
      // livenessChallenge: one issued liveness challenge (identity/liveness-challenges.ts).
      enum: [
        "face",
        "ocr",
        "confirm",
        "contacts",
        "credentials",
        "sharedDebt",
        "livenessChallenge",
      ],
    }).notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** Whether the attempt was accepted. */
    passed: boolean("passed").notNull(),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index("identity_attempts_user_idx").on(table.userId, table.kind, table.at)],
);

/**
 * A lender's block list (docs/customers.md#block-list): a blocked phone receives no new contract from that
 * lender. Lifting a block deletes its row; the audit log keeps the history.
 */
export const blockedPhones = pgTable(
  "blocked_phones",
  {
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    /** E.164 */
    phone: text("phone").notNull(),
    reason: text("reason").notNull(),
    blockedAt: timestamp("blocked_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lenderId, table.phone] })],
);

/**
 * Loans a lender reports for lending made outside the app (docs/customers.md#offline-loan-reports): the offline half of
 * the shared-debt figures. The person is kept only as the keyed hash of their ID number (how a
 * lookup finds them) and the phone; a withdrawn report stays, marked, for the audit.
 */
export const offlineLoans = pgTable(
  "offline_loans",
  {
    id: text("id").primaryKey(),
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    idNumberHash: text("id_number_hash").notNull(),
    /** E.164 */
    phone: text("phone").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    outstandingAmount: bigint("outstanding_amount", { mode: "number" }).notNull(),
    loanDate: date("loan_date", { mode: "string" }).notNull(),
    state: text("state", { enum: ["inTransit", "overdue", "settled"] }).notNull(),
    createdAt: createdAt(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("offline_loans_id_number_hash_idx").on(table.idNumberHash),
    index("offline_loans_lender_idx").on(table.lenderId, table.createdAt),
    check(
      "offline_loans_amounts_check",
      sql`${table.amount} > 0 and ${table.outstandingAmount} >= 0`,
    ),
  ],
);

/**
 * The statistics read model (docs/customers.md, "Statistics"): each lender's signed, not
 * cancelled contracts summed per business day, split single / instalment. Every figure that
 * does not move by itself as days pass is a sum of these rows over a range of days, so the
 * dashboards read a few hundred rows however large the book. Each measure is keyed by its own
 * date (see `BookDayMeasures` in src/customers/book-days.ts); rows are only ever changed by
 * adding a contract's contribution and subtracting its previous one, in the transaction that
 * signs the contract or appends to its ledger.
 */
export const lenderBookDays = pgTable(
  "lender_book_days",
  {
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    instalment: boolean("instalment").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** By signing day: contracts signed and their loan amounts. */
    signedCount: integer("signed_count").notNull().default(0),
    contractedAmount: bigint("contracted_amount", { mode: "number" }).notNull().default(0),
    /** By loan date. */
    disbursedAmount: bigint("disbursed_amount", { mode: "number" }).notNull().default(0),
    /** By the day a repayment was received: the part of it applied. */
    repaidAmount: bigint("repaid_amount", { mode: "number" }).notNull().default(0),
    /** By the last day money moved on a closed contract (type3, type5). */
    closedCount: integer("closed_count").notNull().default(0),
    closedContractedAmount: bigint("closed_contracted_amount", { mode: "number" })
      .notNull()
      .default(0),
    closedRepaidAmount: bigint("closed_repaid_amount", { mode: "number" }).notNull().default(0),
    /** By the earliest due date still owing: contracts that owe. */
    owingCount: integer("owing_count").notNull().default(0),
    /** By the latest due date still owing. */
    lastDueCount: integer("last_due_count").notNull().default(0),
    /** By due date: contracts with an instalment owing that day, and what those instalments owe. */
    dueCount: integer("due_count").notNull().default(0),
    dueAmount: bigint("due_amount", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.lenderId, table.instalment, table.day] })],
);

/**
 * The statistics' overdue figures of one day (docs/customers.md, "Statistics"): what overdue
 * instalments owe moves by itself every day (interest accrues, rounded per instalment), so it
 * cannot be summed ahead like `lender_book_days`. The first read of a day sums the overdue
 * instalments once and keeps the answer here; every ledger append of that lender's contracts
 * then adds its difference, under the same per-lender lock, so later reads read one row.
 */
export const lenderOverdueDays = pgTable(
  "lender_overdue_days",
  {
    lenderId: text("lender_id")
      .notNull()
      .references(() => users.id),
    instalment: boolean("instalment").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Outstanding of every instalment past its due date, that day. */
    overdueAmount: bigint("overdue_amount", { mode: "number" }).notNull(),
    /** Outstanding of the instalments due the day before: fell overdue that day. */
    fellOverdueAmount: bigint("fell_overdue_amount", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lenderId, table.instalment, table.day] })],
);

/**
 * Read models a migration added for data that already existed: the server builds each listed
 * one on start, in one transaction, and deletes its row (src/db/read-model-rebuilds.ts).
 */
export const readModelRebuilds = pgTable("read_model_rebuilds", {
  name: text("name").primaryKey(),
});
