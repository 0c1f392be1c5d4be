-- Face checks with three outcomes (docs/identity.md, "Three outcomes"): the decision kept with the
-- identity, and the lenders' reviews of those that came out `review`.
CREATE TABLE "identity_reviews" (
	"borrower_id" text NOT NULL,
	"lender_id" text NOT NULL,
	"face_upload_id" text NOT NULL,
	"front_upload_id" text NOT NULL,
	"holding_upload_id" text NOT NULL,
	"decision" text NOT NULL,
	"score" double precision NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_reviews_borrower_id_lender_id_face_upload_id_front_upload_id_holding_upload_id_pk" PRIMARY KEY("borrower_id","lender_id","face_upload_id","front_upload_id","holding_upload_id"),
	CONSTRAINT "identity_reviews_decision_check" CHECK ("identity_reviews"."decision" in ('approved', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD COLUMN "face_decision" text;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD COLUMN "face_score" double precision;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_borrower_id_users_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_face_upload_id_uploads_id_fk" FOREIGN KEY ("face_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_holding_upload_id_uploads_id_fk" FOREIGN KEY ("holding_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_identities" ADD CONSTRAINT "borrower_identities_face_decision_check" CHECK ("borrower_identities"."face_decision" in ('match', 'review'));--> statement-breakpoint
-- Every card confirmed before this passed the one threshold there was, which is the match threshold.
UPDATE "borrower_identities" SET "face_decision" = 'match' WHERE "id_card_verified_at" IS NOT NULL;
