-- A dealer's list, per environment, has a version that every committed change of one of its offers
-- moves on (docs/decisions.md, "Conditional lists"): a list request whose ETag names the current
-- version is answered 304 without running the list. Statement triggers on offers bump it in the
-- same transaction as the change, whatever wrote it (API, processor, console, later steps), and
-- keep the tenant's number of offers (the total of an unfiltered list). Rows are locked in
-- (dealer, environment) order, so transactions that change several tenants cannot deadlock here.
CREATE TABLE "offer_list_versions" (
  "dealer_id" uuid NOT NULL,
  "environment" "environment" NOT NULL,
  "version" bigint NOT NULL DEFAULT 1,
  "offers" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("dealer_id", "environment")
) WITH (fillfactor = 50);--> statement-breakpoint
INSERT INTO "offer_list_versions" (dealer_id, environment, version, offers)
  SELECT dealer_id, environment, 1, count(*) FROM "offers" GROUP BY dealer_id, environment;--> statement-breakpoint
CREATE FUNCTION spoke_offer_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO offer_list_versions AS v (dealer_id, environment, offers)
      SELECT dealer_id, environment, count(*) FROM new_offers GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (dealer_id, environment) DO UPDATE SET version = v.version + 1, offers = v.offers + excluded.offers;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO offer_list_versions AS v (dealer_id, environment, offers)
      SELECT dealer_id, environment, -count(*) FROM old_offers GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (dealer_id, environment) DO UPDATE SET version = v.version + 1, offers = v.offers + excluded.offers;
  ELSE
    INSERT INTO offer_list_versions AS v (dealer_id, environment, offers)
      SELECT dealer_id, environment, sum(n) FROM (
        SELECT dealer_id, environment, 1 AS n FROM new_offers UNION ALL SELECT dealer_id, environment, -1 FROM old_offers
      ) changed GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (dealer_id, environment) DO UPDATE SET version = v.version + 1, offers = v.offers + excluded.offers;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_list_version_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_offers FOR EACH STATEMENT EXECUTE FUNCTION spoke_offer_list_changed();--> statement-breakpoint
CREATE TRIGGER "offers_list_version_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_offers NEW TABLE AS new_offers FOR EACH STATEMENT EXECUTE FUNCTION spoke_offer_list_changed();--> statement-breakpoint
CREATE TRIGGER "offers_list_version_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_offers FOR EACH STATEMENT EXECUTE FUNCTION spoke_offer_list_changed();
