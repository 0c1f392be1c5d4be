-- The audit chain and the sealed contract PDF (docs/privacy.md, "The audit chain";
-- docs/contract-pdf.md). Each audit row carries SHA-256 of the previous row's hash and of its own
-- content, extended under the lock of the one chain-head row, so rows written by N processes form
-- one chain in one order; `audit:verify` walks it.
CREATE TABLE "audit_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id")
);
--> statement-breakpoint
CREATE TABLE "contract_seals" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"pdf_sha256" text NOT NULL,
	"file_key" text NOT NULL,
	"locale" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"chain_seq" bigint NOT NULL,
	"chain_hash" text NOT NULL,
	"certificate_sha256" text NOT NULL,
	CONSTRAINT "contract_seals_pdf_sha256_unique" UNIQUE("pdf_sha256")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "contract_seals" ADD CONSTRAINT "contract_seals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_idx" ON "audit_events" USING btree ("chain_seq");
--> statement-breakpoint
-- A row's content as the chain hashes it: every column it was written with, in a fixed order,
-- the instant in UTC to the microsecond. `audit:verify` (src/audit/audit-chain.ts) keeps its own
-- copy of this expression, so a changed function here cannot change what it checks.
CREATE FUNCTION chayong_audit_content(event audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    event.id,
    to_char(event.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    event.actor_id, event.actor_role, event.actor_api_key_id, event.action, event.subject_type,
    event.subject_id, event.ip, event.device, event.details
  )::text
$$;
--> statement-breakpoint
CREATE FUNCTION chayong_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  -- Held until the transaction ends: the next writer chains after this row, or after the row
  -- before it if this transaction rolls back (and the head's update with it).
  SELECT * INTO head FROM audit_chain_head WHERE id FOR UPDATE;
  NEW.chain_seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := encode(sha256(convert_to(head.hash || E'\n' || chayong_audit_content(NEW), 'UTF8')), 'hex');
  UPDATE audit_chain_head SET seq = NEW.chain_seq, hash = NEW.hash WHERE id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The rows written before the chain are chained now, in the order they were written.
ALTER TABLE "audit_events" DISABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
DO $$
DECLARE
  event audit_events%ROWTYPE;
  seq bigint := 0;
  prev text := repeat('0', 64);
  next text;
BEGIN
  FOR event IN SELECT * FROM audit_events ORDER BY id LOOP
    seq := seq + 1;
    next := encode(sha256(convert_to(prev || E'\n' || chayong_audit_content(event), 'UTF8')), 'hex');
    UPDATE audit_events SET chain_seq = seq, prev_hash = prev, hash = next WHERE id = event.id;
    prev := next;
  END LOOP;
  INSERT INTO audit_chain_head (id, seq, hash) VALUES (true, seq, prev);
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "chain_seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION chayong_audit_chain();
--> statement-breakpoint
-- The head is moved by the chain's trigger only; removing it would restart the chain.
CREATE TRIGGER audit_chain_head_kept BEFORE DELETE ON "audit_chain_head"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE TRIGGER contract_seals_append_only BEFORE UPDATE OR DELETE ON "contract_seals"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
