-- Personal data (docs/privacy.md): an offer's customer data is anonymised after its retention
-- period or on the customer's request (anonymised_at); a concluded order still under the statutory
-- retention duty is restricted instead (restricted_at): its customer's name and address move to
-- offer_restricted_customers, which only the operator's data-protection page reads, and the offer
-- everywhere else holds the markers, like an anonymised one. The operator finds a customer by
-- e-mail across all dealers (the indexes on the lowered addresses), and every data-protection
-- request is written down without the data it concerned (privacy_requests).
ALTER TABLE "offers" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "restricted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "offers_customer_email_idx" ON "offers" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE TABLE "offer_restricted_customers" (
  "offer_id" uuid PRIMARY KEY NOT NULL REFERENCES "offers" ("id") ON DELETE CASCADE,
  "customer_name" text NOT NULL,
  "customer_email" text NOT NULL,
  "restricted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "offer_restricted_customers_email_idx" ON "offer_restricted_customers" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE TABLE "privacy_requests" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" text NOT NULL,
  "actor_name" text,
  "action" text NOT NULL,
  "request_date" date NOT NULL,
  "request_reference" text NOT NULL,
  "offers_anonymised" integer DEFAULT 0 NOT NULL,
  "offers_restricted" integer DEFAULT 0 NOT NULL,
  "records" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "privacy_requests_occurred_idx" ON "privacy_requests" USING btree ("occurred_at", "id");
