-- Guards the product's promises in the database itself, so no code path can break them:
-- money events, audit events and signatures are append-only; a contract row is never deleted
-- (cancel keeps it) and its terms, parties and share code are frozen once it is signed.
CREATE FUNCTION chayong_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'chayong: % on % is not allowed (append-only)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE TRIGGER contract_signatures_append_only BEFORE UPDATE OR DELETE ON "contract_signatures"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE TRIGGER contracts_never_deleted BEFORE DELETE ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION chayong_refuse_change();
--> statement-breakpoint
CREATE FUNCTION chayong_freeze_signed_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL AND (
    NEW.terms IS DISTINCT FROM OLD.terms
    OR NEW.code IS DISTINCT FROM OLD.code
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
--> statement-breakpoint
CREATE TRIGGER contracts_frozen_once_signed BEFORE UPDATE ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION chayong_freeze_signed_contract();
