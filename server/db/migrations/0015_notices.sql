CREATE TABLE "outbox_sms" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"user_id" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_sms_unsent_idx" ON "outbox_sms" USING btree ("sent_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_sms_dedupe_idx" ON "outbox_sms" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_emails_dedupe_idx" ON "outbox_emails" USING btree ("dedupe_key");