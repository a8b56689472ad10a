ALTER TABLE "dealers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "portal_users" ADD COLUMN "notify_statuses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_users" ADD COLUMN "notify_lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"status" "offer_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail_to" text NOT NULL,
	"mail_next_at" timestamp with time zone DEFAULT now(),
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_sent_at" timestamp with time zone,
	"mail_kept_at" timestamp with time zone,
	"mail_error" text
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_portal_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("mail_next_at","id") WHERE "notifications"."mail_next_at" is not null;
