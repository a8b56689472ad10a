-- btree_gin: GIN indexes that lead with plain columns (dealer_id, environment) before a trigram
-- expression, so a tenant's search reads only that tenant's matches (docs/performance.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- dealer_id and environment are dependent (a dealer's offers are mostly in one environment): without
-- this, the planner multiplies their selectivities and underestimates a tenant's rows several-fold.
CREATE STATISTICS IF NOT EXISTS offers_tenant_stats (dependencies, mcv) ON dealer_id, environment FROM offers;
