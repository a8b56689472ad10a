ALTER TYPE "user_role" ADD VALUE IF NOT EXISTS 'employer';--> statement-breakpoint
ALTER TYPE "actor_type" ADD VALUE IF NOT EXISTS 'customer';--> statement-breakpoint
ALTER TYPE "actor_type" ADD VALUE IF NOT EXISTS 'employer';--> statement-breakpoint
ALTER TABLE "portal_users" ADD COLUMN "employer_id" uuid;--> statement-breakpoint
ALTER TABLE "portal_users" ADD CONSTRAINT "portal_users_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_users_employer_idx" ON "portal_users" USING btree ("employer_id") WHERE "employer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "max_total_price_gross" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_name" text;--> statement-breakpoint
CREATE TABLE "offer_customer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"change_seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offer_customer_links" ADD CONSTRAINT "offer_customer_links_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_customer_links_hash_uq" ON "offer_customer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "offer_customer_links_offer_idx" ON "offer_customer_links" USING btree ("offer_id");--> statement-breakpoint
CREATE TABLE "employer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"employer_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"approved" boolean,
	"decided_by" text,
	"reason" jsonb
);
--> statement-breakpoint
ALTER TABLE "employer_requests" ADD CONSTRAINT "employer_requests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_requests" ADD CONSTRAINT "employer_requests_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_requests_waiting_idx" ON "employer_requests" USING btree ("employer_id","submitted_at","id") WHERE "decided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "employer_requests_decided_idx" ON "employer_requests" USING btree ("employer_id","decided_at","id") WHERE "decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "employer_requests_offer_idx" ON "employer_requests" USING btree ("offer_id");
