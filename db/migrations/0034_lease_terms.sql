-- Lease terms (docs/contract.md, "Lease terms"): each employer's term in months, leasing
-- factor and insurance & service per month (percent of the offer's total gross) and its fixed
-- monthly subsidy. An employer request keeps the lease terms computed at submission (lease_terms),
-- so a later change of the employer's terms never moves an order under decision.
ALTER TABLE "employers" ADD COLUMN "lease_term_months" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "leasing_factor_percent" numeric(6, 3) DEFAULT '3.000' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "insurance_percent" numeric(6, 3) DEFAULT '0.400' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "employer_subsidy_monthly" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_lease_terms_check" CHECK ("lease_term_months" BETWEEN 1 AND 120 AND "leasing_factor_percent" > 0 AND "leasing_factor_percent" <= 100 AND "insurance_percent" >= 0 AND "insurance_percent" <= 100 AND "employer_subsidy_monthly" >= 0);--> statement-breakpoint
ALTER TABLE "employer_requests" ADD COLUMN "lease_terms" jsonb;
