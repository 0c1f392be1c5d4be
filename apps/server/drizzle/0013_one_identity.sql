-- One person, one identity (docs/identity.md, "One person, one identity"): each verified
-- borrower's live face, sealed, with the clear projection the search reads; accounts found to be
-- one person on two phones; and confirmations refused for a face or ID number verified elsewhere.
CREATE TABLE "identity_conflicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"other_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"similarity" double precision,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_conflicts_kind_check" CHECK ("identity_conflicts"."kind" in ('face', 'idNumber'))
);
--> statement-breakpoint
CREATE TABLE "identity_faces" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "identity_faces_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"embedding_sealed" text NOT NULL,
	"projection" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_links" (
	"user_id" text NOT NULL,
	"other_user_id" text NOT NULL,
	"similarity" double precision,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_links_user_id_other_user_id_pk" PRIMARY KEY("user_id","other_user_id")
);
--> statement-breakpoint
ALTER TABLE "identity_conflicts" ADD CONSTRAINT "identity_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_conflicts" ADD CONSTRAINT "identity_conflicts_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_faces" ADD CONSTRAINT "identity_faces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_conflicts_at_idx" ON "identity_conflicts" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_faces_seq_idx" ON "identity_faces" USING btree ("seq");