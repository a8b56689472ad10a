-- A search of two characters matched by an index (docs/performance.md, "Short terms"). pg_trgm
-- takes no trigram from '%er%', so such a search read its tenant's whole partition, for its count
-- and, with few matches, for its page: ~1 µs per row, ~100 ms for a tenant of 100,000 offers. The
-- search key's bigrams are indexed instead; a two-character term is in a key exactly when the key
-- has it as a bigram, so `spoke_bigrams(search_key) && ARRAY[term]` (overlap, which GIN answers
-- without rechecking the row) is the same condition as `search_key LIKE '%term%'`.
CREATE OR REPLACE FUNCTION spoke_bigrams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  r text[] := '{}';
BEGIN
  FOR i IN 1 .. char_length(t) - 1 LOOP
    r := r || substr(t, i, 2);
  END LOOP;
  RETURN r;
END $$;--> statement-breakpoint
CREATE INDEX "offer_search_bigram_idx" ON "offer_search" USING gin ("dealer_id", "environment", spoke_bigrams("search_key"));--> statement-breakpoint
-- The planner's estimate of a bigram's matches comes from the index expression's statistics.
ANALYZE "offer_search";
