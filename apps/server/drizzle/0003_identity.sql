CREATE TABLE "borrower_identities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"face_upload_id" text,
	"face_checked_at" timestamp with time zone,
	"front_upload_id" text,
	"back_upload_id" text,
	"holding_upload_id" text,
	"name" text,
	"id_number_sealed" text,
	"id_number_hash" text,
	"id_number_masked" text,
	"gender" text,
	"birthday" date,
	"address" text,
	"shared_debt_consent" boolean DEFAULT false NOT NULL,
	"id_card_verified_at" timestamp with time zone,
	"contacts_added_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "borrower_identities_id_number_check" CHECK (("borrower_identities"."id_number_sealed" is null) = ("borrower_identities"."id_number_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "emergency_contacts_user_id_position_pk" PRIMARY KEY("user_id","position"),
	CONSTRAINT "emergency_contacts_position_check" CHECK ("emergency_contacts"."position" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "identity_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"passed" boolean NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"file_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_face_upload_id_uploads_id_fk" FOREIGN KEY ("face_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_back_upload_id_uploads_id_fk" FOREIGN KEY ("back_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_holding_upload_id_uploads_id_fk" FOREIGN KEY ("holding_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_attempts" ADD CONSTRAINT "identity_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "borrower_identities_id_number_hash_idx" ON "borrower_identities" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "identity_attempts_user_idx" ON "identity_attempts" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");