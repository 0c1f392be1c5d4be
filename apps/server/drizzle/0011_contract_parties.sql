-- The parties as a signed contract names them, kept at signing (docs/contracts.md, "Parties").
ALTER TABLE "contract_signatures" ADD COLUMN "borrower_name" text;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD COLUMN "borrower_id_number_masked" text;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD COLUMN "borrower_address" text;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD COLUMN "lender_licence_number" text;