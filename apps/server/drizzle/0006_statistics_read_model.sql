CREATE TABLE "lender_book_days" (
	"lender_id" text NOT NULL,
	"instalment" boolean NOT NULL,
	"day" date NOT NULL,
	"signed_count" integer DEFAULT 0 NOT NULL,
	"contracted_amount" bigint DEFAULT 0 NOT NULL,
	"disbursed_amount" bigint DEFAULT 0 NOT NULL,
	"repaid_amount" bigint DEFAULT 0 NOT NULL,
	"closed_count" integer DEFAULT 0 NOT NULL,
	"closed_contracted_amount" bigint DEFAULT 0 NOT NULL,
	"closed_repaid_amount" bigint DEFAULT 0 NOT NULL,
	"owing_count" integer DEFAULT 0 NOT NULL,
	"last_due_count" integer DEFAULT 0 NOT NULL,
	"due_count" integer DEFAULT 0 NOT NULL,
	"due_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lender_book_days_lender_id_instalment_day_pk" PRIMARY KEY("lender_id","instalment","day")
);
--> statement-breakpoint
CREATE TABLE "lender_overdue_days" (
	"lender_id" text NOT NULL,
	"instalment" boolean NOT NULL,
	"day" date NOT NULL,
	"overdue_amount" bigint NOT NULL,
	"fell_overdue_amount" bigint NOT NULL,
	CONSTRAINT "lender_overdue_days_lender_id_instalment_day_pk" PRIMARY KEY("lender_id","instalment","day")
);
--> statement-breakpoint
CREATE TABLE "read_model_rebuilds" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lender_book_days" ADD CONSTRAINT "lender_book_days_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_overdue_days" ADD CONSTRAINT "lender_overdue_days_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_lender_owing_due_idx" ON "contracts" USING btree ("lender_id","next_due_date") WHERE "contracts"."phase" = 'owing';--> statement-breakpoint
-- Books signed before this migration: the server sums them into lender_book_days on its next start.
INSERT INTO "read_model_rebuilds" ("name") VALUES ('lender_book_days');
