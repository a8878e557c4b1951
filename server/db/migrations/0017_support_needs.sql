ALTER TABLE "outbox_emails" ADD COLUMN "support_helper_id" text;--> statement-breakpoint
CREATE INDEX "outbox_emails_helper_idx" ON "outbox_emails" USING btree ("support_helper_id","sent_at");