ALTER TABLE "employer_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employer_requests" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
UPDATE "employer_requests" r SET "snapshot" = jsonb_build_object(
  'offerNumber', o."offer_number",
  'employee', jsonb_build_object('name', o."customer_name", 'email', o."customer_email"),
  'bicycle', jsonb_build_object('bidexCode', o."product_bidex_code", 'brandName', o."product_brand_name", 'modelName', o."product_model_name", 'priceGross', o."product_price_gross"::float8),
  'accessories', coalesce((SELECT jsonb_agg(jsonb_build_object('bidexCode', a."bidex_code", 'brandName', a."brand_name", 'modelName', a."model_name", 'priceGross', a."price_gross"::float8) ORDER BY a."position")
    FROM "offer_accessories" a WHERE a."offer_id" = o."id"), '[]'::jsonb),
  'shippingCostGross', CASE WHEN o."with_shipping" THEN o."shipping_cost_gross"::float8 END,
  'installationCostGross', o."installation_cost_gross"::float8,
  'totalPriceGross', o."total_price_gross"::float8,
  'deliveryDate', o."delivery_date"
) FROM "offers" o WHERE o."id" = r."offer_id";--> statement-breakpoint
UPDATE "employer_requests" SET "closed_at" = "decided_at" WHERE "decided_at" IS NOT NULL;--> statement-breakpoint
UPDATE "employer_requests" r SET "closed_at" = o."status_changed_at" FROM "offers" o
  WHERE o."id" = r."offer_id" AND r."closed_at" IS NULL AND o."status" <> 'employer_decision_pending';--> statement-breakpoint
UPDATE "employer_requests" r SET "closed_at" = r."submitted_at"
  WHERE r."closed_at" IS NULL AND EXISTS (SELECT 1 FROM "employer_requests" n WHERE n."offer_id" = r."offer_id" AND n."closed_at" IS NULL AND (n."submitted_at", n."id") > (r."submitted_at", r."id"));--> statement-breakpoint
ALTER TABLE "employer_requests" ALTER COLUMN "snapshot" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "employer_requests_waiting_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "employer_requests_decided_idx";--> statement-breakpoint
CREATE INDEX "employer_requests_waiting_idx" ON "employer_requests" USING btree ("employer_id","submitted_at","id") WHERE "closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "employer_requests_closed_idx" ON "employer_requests" USING btree ("employer_id","closed_at","id") WHERE "closed_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_requests_open_uq" ON "employer_requests" USING btree ("offer_id") WHERE "closed_at" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION close_employer_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employer_requests SET closed_at = now() WHERE offer_id = NEW.id AND closed_at IS NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_close_employer_request" AFTER UPDATE OF "status" ON "offers" FOR EACH ROW
  WHEN (OLD."status" = 'employer_decision_pending' AND NEW."status" IS DISTINCT FROM OLD."status")
  EXECUTE FUNCTION close_employer_request();--> statement-breakpoint
ALTER TABLE "offer_customer_links" ADD COLUMN "sent_to" text;--> statement-breakpoint
UPDATE "offer_customer_links" l SET "sent_to" = lower(o."customer_email") FROM "offers" o WHERE o."id" = l."offer_id";--> statement-breakpoint
CREATE INDEX "offer_customer_links_sent_to_idx" ON "offer_customer_links" USING btree ("sent_to","created_at") WHERE "sent_to" IS NOT NULL;
