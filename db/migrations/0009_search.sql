-- Search that finds what people type: case- and accent-insensitive (docs/decisions.md, Lists).
-- spoke_fold lowers and strips accents (ü → u, ı → i, ß → ss); the search key holds the folded text
-- of customer name, offer number, brand and model, and, where it has umlauts, a second time with
-- them spelled out (ü → ue), so "muller", "mueller" and "Müller" all find Müller. The API folds the
-- search term with the same function, so PostgreSQL and the embedded database behave alike.
CREATE FUNCTION spoke_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(translate(lower(t), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳıłŁđĐøØħĦŀĿẞ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyillddoohhllß'), 'ß', 'ss')
$$;--> statement-breakpoint
CREATE FUNCTION spoke_search_key(customer_name text, offer_number text, brand text, model text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN spelled = plain THEN plain ELSE plain || ' | ' || spelled END
  FROM (
    SELECT spoke_fold(joined) AS plain,
      spoke_fold(replace(replace(replace(replace(replace(replace(joined, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue')) AS spelled
    FROM (SELECT customer_name || ' ' || offer_number || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '') AS joined) j
  ) k
$$;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_key" text GENERATED ALWAYS AS (spoke_search_key("customer_name", "offer_number", "product_brand_name", "product_model_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "search_key" SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX "offers_tenant_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "offers_search_trgm_idx" ON "offers" USING gin ("dealer_id","environment","search_key" gin_trgm_ops);
