CREATE TABLE "employer_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employer_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text,
	"kind" text NOT NULL,
	"subject" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "personnel_number" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "min_total_price_gross" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "max_bicycles_at_once" integer;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "total_price_floor_gross" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "total_price_ceiling_gross" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "bicycles_at_once_ceiling" integer;--> statement-breakpoint
ALTER TABLE "employer_changes" ADD CONSTRAINT "employer_changes_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_changes_employer_idx" ON "employer_changes" USING btree ("employer_id","id");