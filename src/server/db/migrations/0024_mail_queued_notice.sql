-- A queued mail wakes every instance's mail worker once its transaction commits (decision 45):
-- whatever statement writes the outbox row, nobody has to remember to say so. A statement that
-- queued nothing (a checkout whose mail part found no order) stays quiet.
CREATE FUNCTION "notify_mail_queued"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "queued") THEN
    PERFORM pg_notify('fhh_mail', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_queued" AFTER INSERT ON "mail_outbox"
  REFERENCING NEW TABLE AS "queued"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_mail_queued"();
