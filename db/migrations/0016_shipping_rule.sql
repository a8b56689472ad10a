-- The shipping rule (lib/offers/normalize.ts): a shipping cost counts only when the offer is with
-- shipping. Offers stored before the rule with a cost above 0 beside with_shipping = false had that
-- cost in their total while their documents listed no shipping: they are offers with shipping, so
-- the total stays what was agreed and every document now lists the cost it holds.
UPDATE "offers" SET "with_shipping" = true WHERE NOT "with_shipping" AND "shipping_cost_gross" > 0;
