-- The repayment's kind is 'repay', its word in every layer below the wire (docs/money.md,
-- "Words"); it was 'update', after the spec's "contract update".
ALTER TABLE "money_operations" DROP CONSTRAINT "money_operations_kind_check";--> statement-breakpoint
-- money_operations is append-only (0002_money_read_model): its guard steps aside for this one
-- rewrite of a word and nothing else. The migration runs in one transaction, and ALTER TABLE
-- holds the table's exclusive lock until it commits, so no other write meets the table unguarded.
-- The request hashes stay as they were made (a retry of such a repayment is still recognised:
-- src/money/handlers.ts). Audit rows are not rewritten: they read `contract.update` as
-- `contract.repay` (src/audit/audit-events.ts).
ALTER TABLE "money_operations" DISABLE TRIGGER "money_operations_append_only";--> statement-breakpoint
UPDATE "money_operations" SET "kind" = 'repay' WHERE "kind" = 'update';--> statement-breakpoint
ALTER TABLE "money_operations" ENABLE TRIGGER "money_operations_append_only";--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_kind_check" CHECK ("money_operations"."kind" in ('repay', 'renew', 'reverse'));
