CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"key" text NOT NULL,
	"contract_id" text NOT NULL,
	"kind" text NOT NULL,
	"instalment_index" integer,
	"due_date" date,
	"entry_kind" text,
	"amount" bigint,
	"outstanding_amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notices_key_unique" UNIQUE("key"),
	CONSTRAINT "notices_state_check" CHECK ("notices"."state" in ('waiting', 'sent', 'dropped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
-- Links made before expiry existed expire 7 days after their contract was made, like new ones.
UPDATE "contracts" SET "link_expires_at" = "created_at" + interval '7 days';--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "link_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "notices_contract_idx" ON "notices" USING btree ("contract_id","created_at");