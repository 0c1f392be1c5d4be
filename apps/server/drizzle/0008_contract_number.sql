CREATE TABLE "contract_number_counters" (
	"lender_id" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "contract_number_counters_lender_id_year_pk" PRIMARY KEY("lender_id","year"),
	CONSTRAINT "contract_number_counters_last_check" CHECK ("contract_number_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "number" text;--> statement-breakpoint
-- Contracts made before numbers existed get theirs now (docs/contracts.md, "Contract number"):
-- per lender and year in the contract's time zone, in the order they were made.
WITH numbered AS (
  SELECT
    "id",
    "lender_id",
    extract(year FROM "created_at" AT TIME ZONE "time_zone")::integer AS "year",
    row_number() OVER (
      PARTITION BY "lender_id", extract(year FROM "created_at" AT TIME ZONE "time_zone")
      ORDER BY "created_at", "id"
    ) AS "seq"
  FROM "contracts"
)
UPDATE "contracts" SET "number" = 'C-' || numbered."year" || '-' ||
  CASE WHEN numbered."seq" < 1000000 THEN lpad(numbered."seq"::text, 6, '0') ELSE numbered."seq"::text END
FROM numbered WHERE "contracts"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "contract_number_counters" ("lender_id", "year", "last_number")
SELECT "lender_id", extract(year FROM "created_at" AT TIME ZONE "time_zone")::integer, count(*)
FROM "contracts"
GROUP BY "lender_id", extract(year FROM "created_at" AT TIME ZONE "time_zone")::integer;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_number_counters" ADD CONSTRAINT "contract_number_counters_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_lender_number_idx" ON "contracts" USING btree ("lender_id","number");--> statement-breakpoint
-- The number is printed on the signed document: frozen with the terms once signed.
CREATE OR REPLACE FUNCTION chayong_freeze_signed_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL AND (
    NEW.terms IS DISTINCT FROM OLD.terms
    OR NEW.code IS DISTINCT FROM OLD.code
    OR NEW.number IS DISTINCT FROM OLD.number
    OR NEW.lender_id IS DISTINCT FROM OLD.lender_id
    OR NEW.borrower_phone IS DISTINCT FROM OLD.borrower_phone
    OR NEW.borrower_id IS DISTINCT FROM OLD.borrower_id
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
    OR NEW.cancelled_at IS DISTINCT FROM OLD.cancelled_at
  ) THEN
    RAISE EXCEPTION 'chayong: the terms of signed contract % are immutable', OLD.id
      USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END;
$$;
