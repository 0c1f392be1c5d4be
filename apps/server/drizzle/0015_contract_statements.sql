CREATE TABLE "contract_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"file_key" text NOT NULL,
	"locale" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"as_of" date NOT NULL,
	"chain_seq" bigint NOT NULL,
	"chain_hash" text NOT NULL,
	"certificate_sha256" text NOT NULL,
	CONSTRAINT "contract_statements_pdf_sha256_unique" UNIQUE("pdf_sha256")
);
--> statement-breakpoint
ALTER TABLE "contract_statements" ADD CONSTRAINT "contract_statements_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_statements_contract_idx" ON "contract_statements" USING btree ("contract_id","issued_at");--> statement-breakpoint
-- A statement issued stays as it was issued (docs/contract-pdf.md, "The ledger statement").
CREATE TRIGGER contract_statements_append_only BEFORE UPDATE OR DELETE ON "contract_statements"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
