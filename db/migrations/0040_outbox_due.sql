-- Webhook deliveries and notification mails that are due now are announced on spoke_outbox_due
-- (payload 'webhooks' or 'mails'), so the delivery loops sleep while nothing is due and wake when
-- something is (lib/runtime/schedule.ts). Row triggers whose WHEN asks "due now": a claim, a lease,
-- a retry set for later or a mark of the outcome never announces; nor does a delivery to an
-- endpoint that is inactive or backing off (the loop wakes itself when the backoff ends), while an
-- endpoint switched on again, pointed elsewhere or out of its backoff announces its pending
-- deliveries. Equal notifications of one transaction are sent once, and only when it commits.
CREATE OR REPLACE FUNCTION spoke_notify_delivery_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = NEW.endpoint_id AND e.active AND (e.backoff_until IS NULL OR e.backoff_until <= now())) THEN
    PERFORM pg_notify('spoke_outbox_due', 'webhooks');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_notify_mail_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('spoke_outbox_due', 'mails');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_due AFTER INSERT OR UPDATE OF status, next_attempt_at ON webhook_deliveries
  FOR EACH ROW WHEN (NEW.status = 'pending' AND NEW.next_attempt_at <= now())
  EXECUTE FUNCTION spoke_notify_delivery_due();--> statement-breakpoint
CREATE TRIGGER notifications_mail_due AFTER INSERT OR UPDATE OF mail_next_at ON notifications
  FOR EACH ROW WHEN (NEW.mail_next_at IS NOT NULL AND NEW.mail_next_at <= now())
  EXECUTE FUNCTION spoke_notify_mail_due();--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_notify_endpoint_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = NEW.id AND d.status = 'pending') THEN
    PERFORM pg_notify('spoke_outbox_due', 'webhooks');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_due AFTER UPDATE OF active, url, backoff_until ON webhook_endpoints
  FOR EACH ROW WHEN (NEW.active AND (NEW.backoff_until IS NULL OR NEW.backoff_until <= now())
    AND (NOT OLD.active OR OLD.url IS DISTINCT FROM NEW.url OR OLD.backoff_until > now()))
  EXECUTE FUNCTION spoke_notify_endpoint_due();
