DROP INDEX "offers_due_idx";--> statement-breakpoint
CREATE INDEX "offers_due_idx" ON "offers" USING btree ("process_after","id") WHERE "offers"."status" = 'pending';