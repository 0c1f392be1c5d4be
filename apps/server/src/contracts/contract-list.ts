import type { Contract, ContractStatus } from "@chayong/domain";
import type { Answer, RequestOutput } from "@chayong/sdk/server";
import { and, count, desc, eq, getTableColumns, ne, type SQL, sql } from "drizzle-orm";
import { actorOf, contractListAuditSql } from "../audit/audit";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { contractInstalments, contracts } from "../db/schema";
import { type Outcome, refuse, succeed } from "../outcome";
import {
  type ContractRow,
  instalmentStateOfJson,
  summarizeRow,
  summarizeRows,
} from "./contract-store";

/** Where a page starts: the (created_at, id) of the last contract of the page before. */
interface Cursor {
  /** created_at exactly as PostgreSQL holds it (microseconds), ISO 8601 in UTC. */
  createdAt: string;
  id: string;
}

const cursorInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const cursorId = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/**
 * The cursor a client sent back, or null when it is not one this server could have made. The
 * instant must be a real one (2024-02-30 parses in JavaScript but not in PostgreSQL): its
 * milliseconds must survive a round trip through Date, in years PostgreSQL and Date share.
 */
export function decodeCursor(text: string): Cursor | null {
  const [createdAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || createdAt === undefined || id === undefined) return null;
  if (!cursorInstant.test(createdAt) || !cursorId.test(id)) return null;
  const milliseconds = `${createdAt.slice(0, 23)}Z`;
  const parsed = new Date(milliseconds);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== milliseconds) return null;
  const year = parsed.getUTCFullYear();
  if (year < 1970 || year > 9999) return null;
  return { createdAt, id };
}

/** Today in the contract's own business time zone, computed by the database per row. */
const todayOfContract = (now: Date) =>
  sql`((${now.toISOString()}::timestamptz) at time zone ${contracts.timeZone})::date`;

/**
 * The condition of a status filter, in SQL on the read model (docs/money.md). Four statuses are
 * stored facts (`phase`); overdue and pending repayment split the owing contracts by comparing
 * their earliest unpaid due date with today, which is why no batch job is needed.
 */
export function statusCondition(status: ContractStatus, now: Date): SQL {
  switch (status) {
    case "type4":
      return and(
        eq(contracts.phase, "owing"),
        sql`${contracts.nextDueDate} < ${todayOfContract(now)}`,
      ) as SQL;
    case "type6":
      return and(
        eq(contracts.phase, "owing"),
        sql`${contracts.nextDueDate} >= ${todayOfContract(now)}`,
      ) as SQL;
    default:
      return eq(contracts.phase, status);
  }
}

/**
 * Which contracts the list shows (and the export writes): the caller's own (a lender's, or those
 * a borrower opened), by status (none: every one not cancelled) and by type.
 */
export function contractListFilter(
  caller: Caller,
  input: Pick<RequestOutput<"contract.query">, "status" | "type">,
  now: Date,
): SQL {
  const conditions: SQL[] = [
    caller.role === "lender"
      ? eq(contracts.lenderId, caller.userId)
      : eq(contracts.borrowerId, caller.userId),
    input.status === undefined
      ? ne(contracts.phase, "cancelled")
      : statusCondition(input.status, now),
  ];
  if (input.type !== "all") conditions.push(eq(contracts.instalment, input.type === "instalment"));
  return and(...conditions) as SQL;
}

/** A page of contract rows, with where the next one starts and (when asked) the total. */
export interface ContractPage {
  rows: ContractRow[];
  nextCursor: string | null;
  total: number | null;
}

/** created_at exactly as PostgreSQL holds it, for the cursor. */
const cursorAtOf = (createdAt: SQL | typeof contracts.createdAt) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The keyset condition of a page's cursor (none for the first page); a bad cursor is refused. */
function afterCursor(encoded: string | undefined): Outcome<SQL | undefined> {
  if (encoded === undefined) return succeed(undefined);
  const cursor = decodeCursor(encoded);
  if (cursor === null) return refuse(400, "common.invalidValue", undefined, "cursor");
  return succeed(
    sql`(${contracts.createdAt}, ${contracts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
  );
}

/**
 * One page of the caller's contracts, newest first: a lender's own, or those a borrower opened.
 * Keyset pagination on (created_at, id), so page 5,000 costs what page 1 costs, and every query
 * runs on an index (the server README shows the plans).
 */
export async function findContractPage(
  db: Db,
  caller: Caller,
  input: RequestOutput<"contract.query">,
  now: Date,
): Promise<Outcome<ContractPage>> {
  const filter = contractListFilter(caller, input, now);
  const keyset = afterCursor(input.cursor);
  if (!keyset.ok) return keyset;
  const after = keyset.value;

  const rows = await db
    .select({ contract: contracts, cursorAt: cursorAtOf(contracts.createdAt) })
    .from(contracts)
    .where(after ? and(filter, after) : filter)
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(input.pageSize + 1);
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.pageSize && last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.contract.id })
      : null;

  let total: number | null = null;
  if (input.includeTotal) {
    const [counted] = await db.select({ value: count() }).from(contracts).where(filter);
    total = counted?.value ?? 0;
  }
  return succeed({ rows: page.map((row) => row.contract), nextCursor, total });
}

/** The page as the list answers it: each contract's answer model from the read model. */
export async function listContracts(
  db: Db,
  caller: Caller,
  input: RequestOutput<"contract.query">,
  now: Date,
): Promise<Outcome<Answer<"contract.query">>> {
  const found = await findContractPage(db, caller, input, now);
  if (!found.ok) return found;
  const { rows, nextCursor, total } = found.value;
  const items: Contract[] = await summarizeRows(db, rows, now);
  return succeed({ items, nextCursor, total });
}

/**
 * The list as `contract.query` answers it, in ONE statement: the page, each contract's
 * instalment states (as JSON, per row) and the `contract.list` audit row of the contracts shown
 * (an INSERT in a CTE). Why one statement: the audit row then commits with the read that shows
 * the contracts (never lost, never without it, nothing queued to survive a crash), and the call
 * makes one round trip instead of three, which is most of what the list cost over its raw SQL
 * (README "Contract list benchmark"). The total, when asked, is a second query.
 */
export async function listContractsAudited(
  db: Db,
  caller: Caller,
  input: RequestOutput<"contract.query">,
  now: Date,
  ip: string,
  device: string | null = null,
): Promise<Outcome<Answer<"contract.query">>> {
  const filter = contractListFilter(caller, input, now);
  const keyset = afterCursor(input.cursor);
  if (!keyset.ok) return keyset;
  const after = keyset.value;
  const page = db.$with("page").as(
    db
      .select({
        ...getTableColumns(contracts),
        cursorAt: cursorAtOf(contracts.createdAt).as("cursor_at"),
      })
      .from(contracts)
      .where(after ? and(filter, after) : filter)
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(input.pageSize + 1),
  );
  const shown = sql`select "id", row_number() over (order by "created_at" desc, "id" desc) as "ord" from "page" order by "created_at" desc, "id" desc limit ${input.pageSize}`;
  const audit = db
    .$with("audit", {})
    .as(contractListAuditSql(actorOf(caller), ip, device, now, shown));
  const i = contractInstalments;
  const instalments = sql<
    unknown[] | null
  >`(select json_agg(json_build_array(${i.instalmentIndex}, ${i.originalDueDate}, ${i.dueDate}, ${i.amount}, ${i.repaid}, ${i.waived}, ${i.principalOutstanding}, ${i.interestSettled}, ${i.accruedInterestUnits}::text, ${i.accruedThrough}, ${i.overpaid}, ${i.renewed}, ${i.lastEntrySeq}) order by ${i.instalmentIndex}) from ${i} where ${i.contractId} = "page"."id")`;
  // The page's columns as the CTE answers them (the proxy renders `"page"."id"`…).
  const pageColumns = Object.fromEntries(
    [...Object.keys(getTableColumns(contracts)), "cursorAt"].map((key) => [
      key,
      page[key as keyof typeof page],
    ]),
  ) as unknown as { [K in keyof ContractRow | "cursorAt"]: (typeof page)[K] };
  const rows = await db
    .with(page, audit)
    .select({ ...pageColumns, instalments })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
  const shownRows = rows.slice(0, input.pageSize);
  const last = shownRows.at(-1);
  const nextCursor =
    rows.length > input.pageSize && last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.id })
      : null;
  let total: number | null = null;
  if (input.includeTotal) {
    const [counted] = await db.select({ value: count() }).from(contracts).where(filter);
    total = counted?.value ?? 0;
  }
  const items: Contract[] = shownRows.map(({ cursorAt: _, instalments, ...row }) =>
    summarizeRow(row, (instalments ?? []).map(instalmentStateOfJson), now),
  );
  return succeed({ items, nextCursor, total });
}
