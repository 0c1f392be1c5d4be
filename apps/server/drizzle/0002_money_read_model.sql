-- Hand-written (with the generated statements below): no endpoint wrote ledger entries before
-- this migration, so the read model of every existing contract is its schedule as agreed. Stop
-- rather than guess if a database holds entries anyway.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "ledger_entries") THEN
    RAISE EXCEPTION 'chayong: ledger entries exist; the read model must be rebuilt from them before this migration';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE TABLE "contract_instalments" (
	"contract_id" text NOT NULL,
	"instalment_index" integer NOT NULL,
	"original_due_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"repaid" bigint NOT NULL,
	"waived" bigint NOT NULL,
	"principal_outstanding" bigint NOT NULL,
	"interest_settled" bigint NOT NULL,
	"accrued_interest_units" numeric(40, 0) NOT NULL,
	"accrued_through" date NOT NULL,
	"overpaid" bigint NOT NULL,
	"renewed" boolean NOT NULL,
	"last_entry_seq" integer NOT NULL,
	CONSTRAINT "contract_instalments_contract_id_instalment_index_pk" PRIMARY KEY("contract_id","instalment_index"),
	CONSTRAINT "contract_instalments_balance_check" CHECK ("contract_instalments"."instalment_index" >= 1 and "contract_instalments"."repaid" >= 0 and "contract_instalments"."waived" >= 0 and "contract_instalments"."principal_outstanding" >= 0 and "contract_instalments"."principal_outstanding" <= "contract_instalments"."amount" and "contract_instalments"."interest_settled" >= 0 and "contract_instalments"."overpaid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "money_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"actor_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"request_sha256" text NOT NULL,
	"answer" jsonb NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_operations_kind_check" CHECK ("money_operations"."kind" in ('update', 'renew', 'reverse'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
DROP INDEX "contracts_lender_created_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_contract_idx";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "repaid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "waived_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "principal_outstanding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ledger_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "phase" text GENERATED ALWAYS AS (case
        when "contracts"."cancelled_at" is not null then 'cancelled'
        when "contracts"."signed_at" is null and "contracts"."opened_at" is null then 'type1'
        when "contracts"."signed_at" is null then 'type2'
        when "contracts"."next_due_date" is not null then 'owing'
        when "contracts"."waived_amount" > 0 then 'type3'
        else 'type5' end) STORED;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "operation_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_instalments_due_idx" ON "contract_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "money_operations_key_idx" ON "money_operations" USING btree ("actor_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_operation_id_money_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."money_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_target_idx" ON "ledger_entries" USING btree ("contract_id","id","instalment_index");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_same_contract_fk" FOREIGN KEY ("contract_id","reverses_entry_id","instalment_index") REFERENCES "public"."ledger_entries"("contract_id","id","instalment_index") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_lender_list_idx" ON "contracts" USING btree ("lender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_lender_phase_list_idx" ON "contracts" USING btree ("lender_id","phase","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_borrower_list_idx" ON "contracts" USING btree ("borrower_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_contract_seq_idx" ON "ledger_entries" USING btree ("contract_id","seq");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_role_check" CHECK ("audit_events"."actor_role" is null or "audit_events"."actor_role" in ('lender', 'borrower', 'operator'));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_jurisdiction_check" CHECK ("contracts"."jurisdiction" in ('KR', 'TW'));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_read_model_check" CHECK ("contracts"."repaid_amount" >= 0 and "contracts"."waived_amount" >= 0 and "contracts"."principal_outstanding" >= 0 and "contracts"."ledger_seq" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('repayment', 'waiver', 'renewal', 'reversal'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shape_check" CHECK ("ledger_entries"."seq" >= 1 and "ledger_entries"."instalment_index" >= 1
        and ("ledger_entries"."kind" in ('repayment', 'waiver')) = ("ledger_entries"."amount" is not null)
        and ("ledger_entries"."amount" is null or "ledger_entries"."amount" > 0)
        and ("ledger_entries"."kind" = 'renewal') = ("ledger_entries"."new_due_date" is not null)
        and ("ledger_entries"."kind" = 'reversal') = ("ledger_entries"."reverses_entry_id" is not null)
        and ("ledger_entries"."kind" <> 'reversal' or "ledger_entries"."reason" is not null));--> statement-breakpoint
ALTER TABLE "lender_profiles" ADD CONSTRAINT "lender_profiles_jurisdiction_check" CHECK ("lender_profiles"."jurisdiction" in ('KR', 'TW'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('lender', 'borrower'));
--> statement-breakpoint
-- Hand-written: the read model of the contracts made before it existed (no ledger entries, see
-- the guard above): each instalment as scheduled, and the contract owing from its first due date.
INSERT INTO "contract_instalments" ("contract_id", "instalment_index", "original_due_date", "due_date", "amount", "repaid", "waived", "principal_outstanding", "interest_settled", "accrued_interest_units", "accrued_through", "overpaid", "renewed", "last_entry_seq")
SELECT c."id", (s->>'index')::integer, (s->>'dueDate')::date, (s->>'dueDate')::date, (s->>'amount')::bigint, 0, 0, (s->>'amount')::bigint, 0, 0, (c."terms"->>'loanDate')::date, 0, false, 0
FROM "contracts" c, jsonb_array_elements(c."terms"->'schedule') s;
--> statement-breakpoint
UPDATE "contracts" c SET
  "next_due_date" = i."first_due",
  "principal_outstanding" = i."principal"
FROM (
  SELECT "contract_id", min("due_date") AS "first_due", sum("amount") AS "principal"
  FROM "contract_instalments" GROUP BY "contract_id"
) i
WHERE i."contract_id" = c."id";
--> statement-breakpoint
-- Hand-written: what an operation answered under its key stays as it was (a retry is answered
-- with it), and an instalment's read-model row is rewritten, never removed.
CREATE TRIGGER money_operations_append_only BEFORE UPDATE OR DELETE ON "money_operations"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE TRIGGER contract_instalments_never_deleted BEFORE DELETE ON "contract_instalments"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
