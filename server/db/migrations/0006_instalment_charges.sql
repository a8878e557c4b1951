ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD COLUMN "charge_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD COLUMN "charge_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD COLUMN "reminder_week_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD COLUMN "reminder_day_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_plan_instalments_due_idx" ON "payment_plan_instalments" USING btree ("status","due_date");