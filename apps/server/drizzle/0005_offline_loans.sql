CREATE TABLE "offline_loans" (
	"id" text PRIMARY KEY NOT NULL,
	"lender_id" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"phone" text NOT NULL,
	"amount" bigint NOT NULL,
	"outstanding_amount" bigint NOT NULL,
	"loan_date" date NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "offline_loans_amounts_check" CHECK ("offline_loans"."amount" > 0 and "offline_loans"."outstanding_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offline_loans" ADD CONSTRAINT "offline_loans_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_loans_id_number_hash_idx" ON "offline_loans" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "offline_loans_lender_idx" ON "offline_loans" USING btree ("lender_id","created_at");