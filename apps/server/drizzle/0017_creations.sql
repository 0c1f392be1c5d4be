CREATE TABLE "creations" (
	"actor_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_sha256" text NOT NULL,
	"answer_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creations_pkey" PRIMARY KEY("actor_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "creations" ADD CONSTRAINT "creations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creations_actor_created_idx" ON "creations" USING btree ("actor_id","created_at");