-- A status notification names the history entry that moved the offer (`history_id`): one
-- notification per user and entry. An offer rejected twice is told twice, as two events with
-- their own times; the same event is never told twice to one user (a unique index).
ALTER TABLE "notifications" ADD COLUMN "history_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_history_id_offer_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."offer_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The notifications written so far, paired with their entries in order: the k-th notification of
-- a user about an offer's status with the k-th entry that moved the offer into that status.
WITH told AS (
  SELECT n.id, row_number() OVER (PARTITION BY n.user_id, n.offer_id, n.status ORDER BY n.id) AS k, n.offer_id, n.status
  FROM "notifications" n
  WHERE n.kind = 'status' AND n.user_id IS NOT NULL AND n.offer_id IS NOT NULL
), moved AS (
  SELECT h.id, row_number() OVER (PARTITION BY h.offer_id, h.to_status ORDER BY h.id) AS k, h.offer_id, h.to_status
  FROM "offer_history" h
  WHERE h.from_status IS NOT NULL AND h.to_status IS NOT NULL AND h.to_status <> h.from_status
)
UPDATE "notifications" n SET "history_id" = moved.id
FROM told JOIN moved ON moved.offer_id = told.offer_id AND moved.to_status = told.status AND moved.k = told.k
WHERE n.id = told.id;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_history_user_idx" ON "notifications" USING btree ("history_id","user_id") WHERE "history_id" IS NOT NULL;
