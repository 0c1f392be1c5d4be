CREATE TABLE "blocked_phones" (
	"lender_id" text NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blocked_phones_lender_id_phone_pk" PRIMARY KEY("lender_id","phone")
);
--> statement-breakpoint
ALTER TABLE "blocked_phones" ADD CONSTRAINT "blocked_phones_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;