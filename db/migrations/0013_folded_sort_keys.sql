-- Names sort the way readers look them up (docs/decisions.md, Lists): the sort keys of customer
-- name, brand and model are stored folded like the search key (spoke_fold: lowered, accents
-- stripped, ß as ss), so "Özlem" sorts with O and "Ärztin" with A, not after Z, as the lowered text
-- did under the database's C collation. E-mail stays lowered only (its filter matches it exactly).
-- Rows whose texts are plain ASCII keep their keys (folding them only lowers them). An update folds
-- a text again only when it changed (the processor updates every offer's status, not its names).
CREATE OR REPLACE FUNCTION spoke_offer_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_search (dealer_id, environment, offer_id, status, created_at, status_changed_at, external_offer_id,
    customer_email, customer_name, total_price_gross, offer_number, product_brand, product_model, search_key)
    SELECT n.dealer_id, n.environment, n.id, n.status, n.created_at, n.status_changed_at, n.external_offer_id,
      lower(n.customer_email), spoke_fold(n.customer_name), n.total_price_gross, n.offer_number,
      spoke_fold(coalesce(n.product_brand_name, '')), spoke_fold(coalesce(n.product_model_name, '')),
      spoke_search_key(n.customer_name, n.offer_number, n.product_brand_name, n.product_model_name)
    FROM new_offers n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION spoke_offer_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offer_search s SET
      environment = n.environment, status = n.status, created_at = n.created_at, status_changed_at = n.status_changed_at,
      external_offer_id = n.external_offer_id, customer_email = lower(n.customer_email), customer_name = CASE WHEN n.customer_name = o.customer_name THEN s.customer_name ELSE spoke_fold(n.customer_name) END,
      total_price_gross = n.total_price_gross, offer_number = n.offer_number,
      product_brand = CASE WHEN n.product_brand_name IS NOT DISTINCT FROM o.product_brand_name THEN s.product_brand
        ELSE spoke_fold(coalesce(n.product_brand_name, '')) END,
      product_model = CASE WHEN n.product_model_name IS NOT DISTINCT FROM o.product_model_name THEN s.product_model
        ELSE spoke_fold(coalesce(n.product_model_name, '')) END,
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
UPDATE "offer_search" s SET
    customer_name = spoke_fold(o.customer_name),
    product_brand = spoke_fold(coalesce(o.product_brand_name, '')),
    product_model = spoke_fold(coalesce(o.product_model_name, ''))
  FROM "offers" o
  WHERE o.id = s.offer_id AND s.dealer_id = o.dealer_id
    AND octet_length(o.customer_name || coalesce(o.product_brand_name, '') || coalesce(o.product_model_name, ''))
      <> char_length(o.customer_name || coalesce(o.product_brand_name, '') || coalesce(o.product_model_name, ''));
