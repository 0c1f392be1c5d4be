import type { NewLedgerEntry } from "../ledger";
import { domainError, errorKinds, fail, type Result } from "../result";
import { allowedActions } from "../status";
import { textField, tokenField } from "../text";
import { cleanReason, type OperationContext } from "./context";
import { maxReasonLength } from "./fields";

/** The fields of a reversal request: which entry was wrong, and why (a correction must say why). */
export const reversalRequestEntries = {
  entryId: tokenField("operation.reversal.unknownEntry"),
  reason: textField({
    requiredKey: "common.pleaseFillIn",
    maxLength: maxReasonLength,
    multiline: true,
  }),
};

export interface Reversal {
  entryId?: string | undefined;
  reason?: string | null | undefined;
}

/**
 * Plans the reversal of an earlier entry (docs/money.md#operations: a wrong entry is reversed by a new
 * entry, never edited or deleted). The reversed entry then counts as never written. A reversal
 * only ever gives money back to what is owed, so it can never over-apply.
 */
export function planReversal(ctx: OperationContext, reversal: Reversal): Result<NewLedgerEntry[]> {
  if (!allowedActions(ctx.status).reverse) {
    return fail(domainError(errorKinds.notAllowed, "contract.operationNotAllowed"));
  }
  const target = ctx.ledger.find(
    (entry) => entry.id === reversal.entryId && entry.contractId === ctx.contractId,
  );
  if (!target) {
    return fail(domainError(errorKinds.notFound, "operation.reversal.unknownEntry", "entryId"));
  }
  if (target.kind === "reversal") {
    return fail(domainError(errorKinds.conflict, "operation.reversal.notReversible", "entryId"));
  }
  if (
    ctx.ledger.some((entry) => entry.kind === "reversal" && entry.reversesEntryId === target.id)
  ) {
    return fail(domainError(errorKinds.conflict, "operation.reversal.alreadyReversed", "entryId"));
  }
  const reason = cleanReason(reversal.reason);
  if (reason === null) {
    return fail(domainError(errorKinds.validation, "common.pleaseFillIn", "reason"));
  }
  return {
    ok: true,
    value: [
      {
        contractId: ctx.contractId,
        kind: "reversal",
        instalmentIndex: target.instalmentIndex,
        amount: null,
        date: ctx.today,
        newDueDate: null,
        reversesEntryId: target.id,
        actorId: ctx.actorId,
        reason,
      },
    ],
  };
}
