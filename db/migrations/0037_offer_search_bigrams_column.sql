-- The processor's per-offer cost in offer_search (docs/performance.md, "The processor"):
-- 1. The search key's bigrams are a column, computed when the key is (on insert, and on an update
--    that changes a name, number, brand or model). As an index expression, spoke_bigrams (a
--    PL/pgSQL loop, ~40 µs a key) ran on every update of a row: a change of status writes every
--    index of offer_search (status is indexed, so no update is HOT). The index keeps its name and
--    columns; `search_bigrams && ARRAY[term]` is the condition that reads it.
-- 2. The UPDATE trigger pairs each new row with its old one by id in a hash join, then looks the
--    pairs up in offer_search by its key. Joined directly to offer_search, the two transition
--    tables were paired by a nested loop (500 × 500 comparisons for a batch of 500 offers).
-- What is written is unchanged: the changed offers' columns, a name, brand, model or search key
-- (and now its bigrams) folded again only when its text changed.
DROP INDEX IF EXISTS "offer_search_bigram_idx";--> statement-breakpoint
ALTER TABLE "offer_search" ADD COLUMN "search_bigrams" text[];--> statement-breakpoint
-- Filled by a rewrite (its indexes built anew in bulk), not an UPDATE of every row: several times
-- faster, and no dead row per offer left behind.
ALTER TABLE "offer_search" ALTER COLUMN "search_bigrams" TYPE text[] USING spoke_bigrams("search_key"),
  ALTER COLUMN "search_bigrams" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "offer_search_bigram_idx" ON "offer_search" USING gin ("dealer_id", "environment", "search_bigrams");--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_offer_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search (dealer_id, environment, offer_id, status, created_at, status_changed_at, external_offer_id,
    customer_email, customer_name, total_price_gross, offer_number, product_brand, product_model, search_key, search_bigrams)
    SELECT n.dealer_id, n.environment, n.id, n.status, n.created_at, n.status_changed_at, n.external_offer_id,
      lower(n.customer_email), spoke_fold(n.customer_name), n.total_price_gross, n.offer_number,
      spoke_fold(coalesce(n.product_brand_name, '')), spoke_fold(coalesce(n.product_model_name, '')),
      k.key, spoke_bigrams(k.key)
    FROM new_offers n
      CROSS JOIN LATERAL (SELECT spoke_search_key(n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name) AS key) k;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_offer_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT o.dealer_id, n.id, n.environment, n.status, n.created_at, n.status_changed_at, n.external_offer_id,
      n.customer_email, n.customer_name, n.total_price_gross, n.offer_number, n.product_brand_name, n.product_model_name,
      n.customer_name IS DISTINCT FROM o.customer_name AS name_changed,
      n.product_brand_name IS DISTINCT FROM o.product_brand_name AS brand_changed,
      n.product_model_name IS DISTINCT FROM o.product_model_name AS model_changed,
      (n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name)
        IS DISTINCT FROM (o.customer_name, o.offer_number, o.product_brand_name, o.product_model_name) AS key_changed
    FROM new_offers n JOIN old_offers o ON o.id = n.id
    WHERE (n.environment, n.status, n.created_at, n.status_changed_at, n.external_offer_id, n.customer_email, n.customer_name,
           n.total_price_gross, n.offer_number, n.product_brand_name, n.product_model_name)
        IS DISTINCT FROM (o.environment, o.status, o.created_at, o.status_changed_at, o.external_offer_id, o.customer_email, o.customer_name,
           o.total_price_gross, o.offer_number, o.product_brand_name, o.product_model_name)
  ), keyed AS (
    SELECT c.*, CASE WHEN c.key_changed
      THEN spoke_search_key(c.customer_name, c.offer_number, c.product_brand_name, c.product_model_name) END AS new_key
    FROM changed c
  )
  UPDATE offer_search s SET
      environment = c.environment, status = c.status, created_at = c.created_at, status_changed_at = c.status_changed_at,
      external_offer_id = c.external_offer_id, customer_email = lower(c.customer_email),
      customer_name = CASE WHEN c.name_changed THEN spoke_fold(c.customer_name) ELSE s.customer_name END,
      total_price_gross = c.total_price_gross, offer_number = c.offer_number,
      product_brand = CASE WHEN c.brand_changed THEN spoke_fold(coalesce(c.product_brand_name, '')) ELSE s.product_brand END,
      product_model = CASE WHEN c.model_changed THEN spoke_fold(coalesce(c.product_model_name, '')) ELSE s.product_model END,
      search_key = CASE WHEN c.key_changed THEN c.new_key ELSE s.search_key END,
      search_bigrams = CASE WHEN c.key_changed THEN spoke_bigrams(c.new_key) ELSE s.search_bigrams END
    FROM keyed c
    WHERE s.dealer_id = c.dealer_id AND s.offer_id = c.id;
  PERFORM pg_notify('spoke_offer_changed', n.id::text) FROM new_offers n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The planner's estimate of a bigram's matches comes from the column's statistics.
ANALYZE "offer_search";
