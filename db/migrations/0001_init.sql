CREATE TYPE "public"."actor_type" AS ENUM('client', 'user', 'operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."category_kind" AS ENUM('bicycle', 'accessory');--> statement-breakpoint
CREATE TYPE "public"."environment" AS ENUM('sandbox', 'production');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('pending', 'draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('dealer', 'operator');--> statement-breakpoint
CREATE SEQUENCE "public"."offer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"dealer_id" uuid NOT NULL,
	"environment" "environment" NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"production_enabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" NOT NULL,
	"dealer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"bidex_code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"kind" "category_kind" NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"leasable" boolean NOT NULL,
	"spoke_extension" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"email" text PRIMARY KEY NOT NULL,
	"employer_id" uuid NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_excluded_categories" (
	"employer_id" uuid NOT NULL,
	"bidex_code" text NOT NULL,
	CONSTRAINT "employer_excluded_categories_employer_id_bidex_code_pk" PRIMARY KEY("employer_id","bidex_code")
);
--> statement-breakpoint
CREATE TABLE "employers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"dealer_id" uuid NOT NULL,
	"environment" "environment" NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"offer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_dealer_id_environment_key_pk" PRIMARY KEY("dealer_id","environment","key")
);
--> statement-breakpoint
CREATE TABLE "offer_accessories" (
	"offer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"bidex_code" text NOT NULL,
	"brand_name" text,
	"model_name" text,
	"price_gross" numeric(12, 2),
	"list_price_gross" numeric(12, 2),
	CONSTRAINT "offer_accessories_offer_id_position_pk" PRIMARY KEY("offer_id","position")
);
--> statement-breakpoint
CREATE TABLE "offer_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"from_status" "offer_status",
	"to_status" "offer_status",
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"change_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" uuid NOT NULL,
	"environment" "environment" NOT NULL,
	"offer_number" text DEFAULT 'SPK-' || nextval('offer_number_seq')::text NOT NULL,
	"external_offer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"product_bidex_code" text NOT NULL,
	"product_brand_name" text,
	"product_model_name" text,
	"product_model_year" text,
	"product_color" text,
	"product_size" text,
	"product_drive_manufacturer" text,
	"product_battery_capacity" text,
	"product_price_gross" numeric(12, 2),
	"product_list_price_gross" numeric(12, 2),
	"with_shipping" boolean DEFAULT false NOT NULL,
	"shipping_cost_gross" numeric(12, 2),
	"installation_cost_gross" numeric(12, 2),
	"delivery_date" timestamp with time zone,
	"notes" text,
	"total_price_gross" numeric(12, 2) NOT NULL,
	"status" "offer_status" DEFAULT 'pending' NOT NULL,
	"status_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_reason" text,
	"contact_from_employee_requested" boolean,
	"change_seq" integer DEFAULT 1 NOT NULL,
	"process_after" timestamp with time zone,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_offerNumber_unique" UNIQUE("offer_number")
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_users" ADD CONSTRAINT "portal_users_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_excluded_categories" ADD CONSTRAINT "employer_excluded_categories_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_excluded_categories" ADD CONSTRAINT "employer_excluded_categories_bidex_code_categories_bidex_code_fk" FOREIGN KEY ("bidex_code") REFERENCES "public"."categories"("bidex_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_accessories" ADD CONSTRAINT "offer_accessories_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_history" ADD CONSTRAINT "offer_history_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_clients_dealer_id_environment_index" ON "api_clients" USING btree ("dealer_id","environment");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_users_email_uq" ON "portal_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_index" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "offer_history_offer_idx" ON "offer_history" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_active_external_id_uq" ON "offers" USING btree ("dealer_id","environment","external_offer_id") WHERE "offers"."status" not in ('rejected', 'canceled', 'done');--> statement-breakpoint
CREATE INDEX "offers_external_id_idx" ON "offers" USING btree ("dealer_id","environment","external_offer_id","id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("dealer_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_status_changed_idx" ON "offers" USING btree ("dealer_id","environment","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("dealer_id","environment","status","id");--> statement-breakpoint
CREATE INDEX "offers_email_idx" ON "offers" USING btree ("dealer_id","environment",lower("customer_email"),"id");--> statement-breakpoint
CREATE INDEX "offers_customer_name_idx" ON "offers" USING btree ("dealer_id","environment",lower("customer_name"),"id");--> statement-breakpoint
CREATE INDEX "offers_total_idx" ON "offers" USING btree ("dealer_id","environment","total_price_gross","id");--> statement-breakpoint
CREATE INDEX "offers_number_idx" ON "offers" USING btree ("dealer_id","environment","offer_number","id");--> statement-breakpoint
CREATE INDEX "offers_product_name_idx" ON "offers" USING btree ("dealer_id","environment",lower(coalesce("product_brand_name", '')),lower(coalesce("product_model_name", '')),"id");--> statement-breakpoint
CREATE INDEX "offers_due_idx" ON "offers" USING btree ("process_after") WHERE "offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "offers_search_trgm_idx" ON "offers" USING gin (("customer_name" || ' ' || "offer_number" || ' ' || coalesce("product_brand_name", '') || ' ' || coalesce("product_model_name", '')) gin_trgm_ops);