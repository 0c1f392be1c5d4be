import { randomUUID } from "node:crypto";
import {
  type Contract,
  type ContractTerms,
  deriveStatus,
  type NewLedgerEntry,
  type OperationContext,
  planRenewal,
  planRepayment,
  planReversal,
  type Result,
  replayLedger,
  todayIn,
} from "@chayong/domain";
import { and, eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Call, Handlers } from "../calls/call";
import type { Caller } from "../calls/caller";
import { contractForCaller } from "../contracts/contract-access";
import {
  canonicalJson,
  loadInstalmentStates,
  loadLedger,
  readModelOf,
  sameStates,
  sha256Hex,
  summarizeRow,
  writeReadModel,
} from "../contracts/contract-store";
import { bookContractOf, changeBook } from "../customers/book-days";
import { isUniqueViolation } from "../db/database";
import { moneyOperations } from "../db/schema";
import { addReceipt } from "../notices/notices";
import { type Outcome, refuse, refuseDomain, succeed } from "../outcome";
import { insertEntries, ledgerView, numberEntries } from "./ledger-store";

type MoneyOperationKind = (typeof moneyOperations.$inferSelect)["kind"];

interface MoneyRequest {
  id: string;
  idempotencyKey: string;
}

/** What tells a retry from a reused key: the SHA-256 of the kind and the request, canonical. */
function requestSha256Of(kind: string, request: MoneyRequest): string {
  return sha256Hex(canonicalJson({ kind, ...request }));
}

/**
 * Whether a stored operation is this very request. A repayment stored before migration
 * 0010_repayment_kind was hashed under the kind's old word, "update" (docs/money.md, "Words"):
 * its retry must still answer what it answered then.
 */
function isSameRequest(storedSha256: string, kind: MoneyOperationKind, request: MoneyRequest) {
  return (
    storedSha256 === requestSha256Of(kind, request) ||
    (kind === "repay" && storedSha256 === requestSha256Of("update", request))
  );
}

/**
 * One money operation on a signed contract (docs/money.md), for its lender only, all inside one
 * transaction:
 * 1. lock the contract row, so operations on one contract run one at a time;
 * 2. a retry (same idempotency key, same request) answers what the first call answered and
 *    writes nothing; the key with another request is refused;
 * 3. the domain plans the entries against the whole ledger (a back-dated repayment is checked
 *    against everything after it), so money is never applied beyond what is owed;
 * 4. the entries, the operation and the read model are written together, with an audit row.
 */
async function runOperation(
  { ctx, caller, ip, device, now }: Call<Caller>,
  kind: MoneyOperationKind,
  request: MoneyRequest,
  plan: (context: OperationContext) => Result<NewLedgerEntry[]>,
): Promise<Outcome<Contract>> {
  const requestSha256 = requestSha256Of(kind, request);
  try {
    return await ctx.db.transaction(async (tx) => {
      const found = await contractForCaller(tx, caller, request.id, { lock: true });
      if (!found.ok) return found;
      const row = found.value;

      const [previous] = await tx
        .select()
        .from(moneyOperations)
        .where(
          and(
            eq(moneyOperations.actorId, caller.userId),
            eq(moneyOperations.idempotencyKey, request.idempotencyKey),
          ),
        );
      if (previous !== undefined) {
        return isSameRequest(previous.requestSha256, kind, request)
          ? succeed(previous.answer as Contract)
          : refuse(409, "operation.idempotencyKey.reused", undefined, "idempotencyKey");
      }
      if (row.cancelledAt !== null) return refuse(404, "contract.notFound");
      if (row.signedAt === null) return refuse(409, "contract.operationNotAllowed");

      const terms = row.terms as ContractTerms;
      const today = todayIn(row.timeZone, now);
      const ledger = await loadLedger(tx, row.id);
      const before = replayLedger(terms, ledger, today);
      const stored = (await loadInstalmentStates(tx, [row.id])).get(row.id) ?? [];
      if (!sameStates(stored, before.states)) {
        // Never expected (both are written in one transaction); the write below mends it.
        ctx.logger.error({ contractId: row.id }, "read model differs from the ledger replay");
      }
      const status = deriveStatus({
        opened: true,
        signed: true,
        cancelled: false,
        balances: before.balances,
        today,
      });
      const planned = plan({
        contractId: row.id,
        terms,
        currency: terms.currency,
        status,
        ledger,
        actorId: caller.userId,
        today,
      });
      if (!planned.ok) return refuseDomain(planned.errors);

      const entries = numberEntries(ledger, planned.value, now);
      const model = readModelOf(terms, [...ledger, ...entries], today);
      const answer = summarizeRow({ ...row, ...model.columns }, model.states, now);
      const operationId = randomUUID();
      await tx.insert(moneyOperations).values({
        id: operationId,
        contractId: row.id,
        actorId: caller.userId,
        idempotencyKey: request.idempotencyKey,
        kind,
        requestSha256,
        answer,
        recordedAt: now,
      });
      await insertEntries(tx, entries, operationId);
      await writeReadModel(tx, row.id, model);
      const book = bookContractOf(row);
      if (book !== null) {
        await changeBook(tx, book, before, model);
      }
      // The borrower's receipt commits with the operation (docs/notices.md, "Receipts").
      await addReceipt(
        tx,
        { contractId: row.id, operationId, entries, outstandingAmount: answer.outstandingAmount },
        now,
      );
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: `contract.${kind}`,
        subjectId: row.id,
        ip,
        device,
        at: now,
        details: {
          operationId,
          entries: entries.map(({ id, kind: entryKind, instalmentIndex, amount, date }) => ({
            id,
            kind: entryKind,
            instalmentIndex,
            amount,
            date,
          })),
        },
      });
      return succeed(answer);
    });
  } catch (error) {
    // The same key sent at the same moment for two different contracts: each call locked only
    // its own contract, so the key's unique index is what tells them apart.
    if (isUniqueViolation(error, "money_operations_key_idx")) {
      return refuse(409, "operation.idempotencyKey.reused", undefined, "idempotencyKey");
    }
    throw error;
  }
}

export const moneyHandlers: Pick<
  Handlers,
  "contract.repay" | "contract.renew" | "contract.reverse" | "contract.ledger"
> = {
  "contract.repay": async (call, input) =>
    runOperation(call, "repay", input, (context) => planRepayment(context, input)),

  "contract.renew": async (call, input) =>
    runOperation(call, "renew", input, (context) => planRenewal(context, input)),

  "contract.reverse": async (call, input) =>
    runOperation(call, "reverse", input, (context) => planReversal(context, input)),

  // The lender and the borrower read the same ledger; the borrower cannot change it. The
  // balances are the replay of the entries answered, so the two always agree.
  "contract.ledger": async ({ ctx, caller, ip, device, now }, input) => {
    const found = await contractForCaller(ctx.db, caller, input.id);
    if (!found.ok) return found;
    const row = found.value;
    if (row.cancelledAt !== null) return refuse(404, "contract.notFound");
    if (row.signedAt === null) return refuse(409, "contract.operationNotAllowed");
    const ledger = await loadLedger(ctx.db, row.id);
    const today = todayIn(row.timeZone, now);
    const replay = replayLedger(row.terms as ContractTerms, ledger, today);
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.ledger",
      subjectId: row.id,
      ip,
      device,
      at: now,
    });
    return succeed({
      contractId: row.id,
      asOf: today,
      entries: await ledgerView(ctx.db, ledger),
      instalments: replay.balances.instalments,
    });
  },
};
