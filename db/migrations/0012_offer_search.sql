-- Search and lists at scale (docs/performance.md, "Search at scale"; docs/decisions.md, Lists).
--
-- 1. spoke_fold and spoke_search_key answer exactly what they answered (migration 0009), several
--    times faster: plain ASCII text is only lowered; other text first has its common accented
--    letters replaced by a short translate() and goes through the long one only when a rarer
--    letter is left (translate() scans its whole list for every character of the text).
-- 2. offer_search: what a list filters, sorts and searches by, one narrow row per offer, hash-
--    partitioned by dealer, so a tenant's rows and indexes are a few compact partitions (they stay
--    in PostgreSQL's buffers) instead of being spread over the wide offers table. Lists read it and
--    fetch only their page's offers. Triggers on offers keep it current in the same statement.
-- 3. Every change of an offer is announced on the channel spoke_offer_changed (payload: its id),
--    which the portal's offer page follows (lib/offers/offer-watch.ts).
CREATE OR REPLACE FUNCTION spoke_fold(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE x text;
BEGIN
  IF octet_length(t) = char_length(t) THEN RETURN lower(t); END IF;
  x := translate(lower(t), 'äöüéèáàâêëïîíìóòôúùûñçåøłşıćčšžśńęąğãõýÿ', 'aoueeaaaeeiiiiooouuuncaolsiccszsneagaoyy');
  IF octet_length(x) <> char_length(x) THEN
    x := replace(translate(x, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳıłŁđĐøØħĦŀĿẞ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyillddoohhllß'), 'ß', 'ss');
  END IF;
  RETURN x;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_search_key(customer_name text, offer_number text, brand text, model text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  joined text := customer_name || ' ' || offer_number || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '');
  plain text := spoke_fold(joined);
  spelled text;
BEGIN
  IF plain IS NULL OR joined !~ '[äöüÄÖÜ]' THEN RETURN plain; END IF;
  spelled := spoke_fold(replace(replace(replace(replace(replace(replace(joined, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'));
  RETURN CASE WHEN spelled = plain THEN plain ELSE plain || ' | ' || spelled END;
END $$;--> statement-breakpoint
CREATE TABLE "offer_search" (
  "dealer_id" uuid NOT NULL,
  "environment" "environment" NOT NULL,
  "offer_id" uuid NOT NULL REFERENCES "offers" ("id") ON DELETE CASCADE,
  "status" "offer_status" NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "status_changed_at" timestamp with time zone NOT NULL,
  "external_offer_id" text NOT NULL,
  "customer_email" text NOT NULL,
  "customer_name" text NOT NULL,
  "total_price_gross" numeric(12, 2) NOT NULL,
  "offer_number" text NOT NULL,
  "product_brand" text NOT NULL,
  "product_model" text NOT NULL,
  "search_key" text NOT NULL,
  PRIMARY KEY ("dealer_id", "offer_id")
) PARTITION BY HASH ("dealer_id");--> statement-breakpoint
CREATE TABLE "offer_search_00" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 0);--> statement-breakpoint
CREATE STATISTICS "offer_search_00_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_00";--> statement-breakpoint
CREATE TABLE "offer_search_01" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 1);--> statement-breakpoint
CREATE STATISTICS "offer_search_01_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_01";--> statement-breakpoint
CREATE TABLE "offer_search_02" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 2);--> statement-breakpoint
CREATE STATISTICS "offer_search_02_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_02";--> statement-breakpoint
CREATE TABLE "offer_search_03" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 3);--> statement-breakpoint
CREATE STATISTICS "offer_search_03_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_03";--> statement-breakpoint
CREATE TABLE "offer_search_04" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 4);--> statement-breakpoint
CREATE STATISTICS "offer_search_04_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_04";--> statement-breakpoint
CREATE TABLE "offer_search_05" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 5);--> statement-breakpoint
CREATE STATISTICS "offer_search_05_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_05";--> statement-breakpoint
CREATE TABLE "offer_search_06" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 6);--> statement-breakpoint
CREATE STATISTICS "offer_search_06_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_06";--> statement-breakpoint
CREATE TABLE "offer_search_07" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 7);--> statement-breakpoint
CREATE STATISTICS "offer_search_07_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_07";--> statement-breakpoint
CREATE TABLE "offer_search_08" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 8);--> statement-breakpoint
CREATE STATISTICS "offer_search_08_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_08";--> statement-breakpoint
CREATE TABLE "offer_search_09" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 9);--> statement-breakpoint
CREATE STATISTICS "offer_search_09_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_09";--> statement-breakpoint
CREATE TABLE "offer_search_10" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 10);--> statement-breakpoint
CREATE STATISTICS "offer_search_10_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_10";--> statement-breakpoint
CREATE TABLE "offer_search_11" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 11);--> statement-breakpoint
CREATE STATISTICS "offer_search_11_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_11";--> statement-breakpoint
CREATE TABLE "offer_search_12" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 12);--> statement-breakpoint
CREATE STATISTICS "offer_search_12_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_12";--> statement-breakpoint
CREATE TABLE "offer_search_13" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 13);--> statement-breakpoint
CREATE STATISTICS "offer_search_13_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_13";--> statement-breakpoint
CREATE TABLE "offer_search_14" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 14);--> statement-breakpoint
CREATE STATISTICS "offer_search_14_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_14";--> statement-breakpoint
CREATE TABLE "offer_search_15" PARTITION OF "offer_search" FOR VALUES WITH (MODULUS 16, REMAINDER 15);--> statement-breakpoint
CREATE STATISTICS "offer_search_15_tenant_stats" (dependencies, mcv) ON "dealer_id", "environment" FROM "offer_search_15";--> statement-breakpoint
ALTER TABLE "offer_search" ALTER COLUMN "search_key" SET STATISTICS 1000;--> statement-breakpoint
INSERT INTO "offer_search" (dealer_id, environment, offer_id, status, created_at, status_changed_at, external_offer_id,
    customer_email, customer_name, total_price_gross, offer_number, product_brand, product_model, search_key)
  SELECT n.dealer_id, n.environment, n.id, n.status, n.created_at, n.status_changed_at, n.external_offer_id,
      lower(n.customer_email), lower(n.customer_name), n.total_price_gross, n.offer_number,
      lower(coalesce(n.product_brand_name, '')), lower(coalesce(n.product_model_name, '')),
      spoke_search_key(n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name)
  FROM "offers" n;--> statement-breakpoint
CREATE INDEX "offer_search_created_idx" ON "offer_search" USING btree ("dealer_id", "environment", "created_at", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_status_changed_idx" ON "offer_search" USING btree ("dealer_id", "environment", "status_changed_at", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_status_idx" ON "offer_search" USING btree ("dealer_id", "environment", "status", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_external_id_idx" ON "offer_search" USING btree ("dealer_id", "environment", "external_offer_id", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_email_idx" ON "offer_search" USING btree ("dealer_id", "environment", "customer_email", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_customer_name_idx" ON "offer_search" USING btree ("dealer_id", "environment", "customer_name", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_total_idx" ON "offer_search" USING btree ("dealer_id", "environment", "total_price_gross", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_number_idx" ON "offer_search" USING btree ("dealer_id", "environment", "offer_number", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_product_name_idx" ON "offer_search" USING btree ("dealer_id", "environment", "product_brand", "product_model", "offer_id");--> statement-breakpoint
CREATE INDEX "offer_search_trgm_idx" ON "offer_search" USING gin ("dealer_id", "environment", "search_key" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION spoke_offer_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search (dealer_id, environment, offer_id, status, created_at, status_changed_at, external_offer_id,
    customer_email, customer_name, total_price_gross, offer_number, product_brand, product_model, search_key)
    SELECT n.dealer_id, n.environment, n.id, n.status, n.created_at, n.status_changed_at, n.external_offer_id,
      lower(n.customer_email), lower(n.customer_name), n.total_price_gross, n.offer_number,
      lower(coalesce(n.product_brand_name, '')), lower(coalesce(n.product_model_name, '')),
      spoke_search_key(n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name)
    FROM new_offers n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION spoke_offer_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offer_search s SET
      environment = n.environment, status = n.status, created_at = n.created_at, status_changed_at = n.status_changed_at,
      external_offer_id = n.external_offer_id, customer_email = lower(n.customer_email), customer_name = lower(n.customer_name),
      total_price_gross = n.total_price_gross, offer_number = n.offer_number,
      product_brand = lower(coalesce(n.product_brand_name, '')), product_model = lower(coalesce(n.product_model_name, '')),
      search_key = CASE
        WHEN (n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name)
          IS NOT DISTINCT FROM (o.customer_name, o.offer_number, o.product_brand_name, o.product_model_name) THEN s.search_key
        ELSE spoke_search_key(n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name) END
    FROM new_offers n JOIN old_offers o ON o.id = n.id
    WHERE s.dealer_id = o.dealer_id AND s.offer_id = n.id
      AND (n.environment, n.status, n.created_at, n.status_changed_at, n.external_offer_id, n.customer_email, n.customer_name,
           n.total_price_gross, n.offer_number, n.product_brand_name, n.product_model_name)
        IS DISTINCT FROM (o.environment, o.status, o.created_at, o.status_changed_at, o.external_offer_id, o.customer_email, o.customer_name,
           o.total_price_gross, o.offer_number, o.product_brand_name, o.product_model_name);
  PERFORM pg_notify('spoke_offer_changed', n.id::text) FROM new_offers n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_search_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_offers FOR EACH STATEMENT EXECUTE FUNCTION spoke_offer_search_insert();--> statement-breakpoint
CREATE TRIGGER "offers_search_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_offers NEW TABLE AS new_offers FOR EACH STATEMENT EXECUTE FUNCTION spoke_offer_search_update();--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "search_key";--> statement-breakpoint
DROP INDEX "offers_customer_name_idx";--> statement-breakpoint
DROP INDEX "offers_email_idx";--> statement-breakpoint
DROP INDEX "offers_total_idx";--> statement-breakpoint
DROP INDEX "offers_product_name_idx";
