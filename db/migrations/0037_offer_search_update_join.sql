-- The offer_search trigger of an UPDATE of offers pairs each new row with its old one by id in a
-- hash join (docs/performance.md, "The processor"). Joined directly to offer_search, the two
-- transition tables were paired by a nested loop the planner chose from its estimate of the
-- partitioned join: 500 × 500 comparisons for a batch of the processor's 500 offers. The pairs
-- are now built first (MATERIALIZED keeps them one step), then looked up in offer_search by its
-- key. What is written is unchanged: the changed offers' columns, a name, brand, model or search
-- key folded again only when its text changed.
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
  )
  UPDATE offer_search s SET
      environment = c.environment, status = c.status, created_at = c.created_at, status_changed_at = c.status_changed_at,
      external_offer_id = c.external_offer_id, customer_email = lower(c.customer_email),
      customer_name = CASE WHEN c.name_changed THEN spoke_fold(c.customer_name) ELSE s.customer_name END,
      total_price_gross = c.total_price_gross, offer_number = c.offer_number,
      product_brand = CASE WHEN c.brand_changed THEN spoke_fold(coalesce(c.product_brand_name, '')) ELSE s.product_brand END,
      product_model = CASE WHEN c.model_changed THEN spoke_fold(coalesce(c.product_model_name, '')) ELSE s.product_model END,
      search_key = CASE WHEN c.key_changed
        THEN spoke_search_key(c.customer_name, c.offer_number, c.product_brand_name, c.product_model_name) ELSE s.search_key END
    FROM changed c
    WHERE s.dealer_id = c.dealer_id AND s.offer_id = c.id;
  PERFORM pg_notify('spoke_offer_changed', n.id::text) FROM new_offers n;
  RETURN NULL;
END $$;
