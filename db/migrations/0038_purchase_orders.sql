-- After `done`: the dealer's purchase order (handover, lease dates, pickup code), its invoices with
-- their PDF apart from the rows, and the payout runs that paid them.
CREATE TYPE "public"."invoice_status" AS ENUM('submitted', 'rejected', 'approved', 'paid');--> statement-breakpoint
CREATE TYPE "public"."purchase_order_status" AS ENUM('awaiting_handover', 'handed_over', 'invoiced', 'invoice_rejected', 'approved', 'paid', 'canceled');--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"dealer_id" uuid NOT NULL,
	"environment" "environment" NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"amount_gross" numeric(12, 2) NOT NULL,
	"status" "invoice_status" DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payout_id" uuid,
	"paid_on" date,
	"payout_reference" text
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"dealer_id" uuid NOT NULL,
	"environment" "environment" NOT NULL,
	"employer_id" uuid,
	"status" "purchase_order_status" DEFAULT 'awaiting_handover' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pickup_code_hash" text,
	"sandbox_pickup_code" text,
	"pickup_code_sent_at" timestamp with time zone,
	"pickup_code_expires_at" timestamp with time zone,
	"pickup_code_failed_attempts" integer DEFAULT 0 NOT NULL,
	"handed_over_on" date,
	"handed_over_at" timestamp with time zone,
	"frame_number" text,
	"battery_serial_number" text,
	"lease_start" date,
	"lease_end" date,
	"lease_terms" jsonb,
	"cancel_reason" text
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_purchase_order_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."purchase_order_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_invoices" ADD CONSTRAINT "purchase_order_invoices_offer_id_purchase_orders_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."purchase_orders"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_invoices" ADD CONSTRAINT "purchase_order_invoices_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_invoices" ADD CONSTRAINT "purchase_order_invoices_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_invoices_offer_idx" ON "purchase_order_invoices" USING btree ("offer_id","submitted_at");--> statement-breakpoint
CREATE INDEX "purchase_order_invoices_status_idx" ON "purchase_order_invoices" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_invoices_number_uq" ON "purchase_order_invoices" USING btree ("dealer_id","environment","invoice_number") WHERE "purchase_order_invoices"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "purchase_orders_tenant_status_idx" ON "purchase_orders" USING btree ("dealer_id","environment","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_employer_lease_idx" ON "purchase_orders" USING btree ("employer_id","lease_start") WHERE "purchase_orders"."lease_start" is not null;