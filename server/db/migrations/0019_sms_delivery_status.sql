ALTER TABLE "outbox_sms" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "delivery_error_code" text;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "delivery_status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_sms_provider_message_idx" ON "outbox_sms" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "outbox_sms_user_idx" ON "outbox_sms" USING btree ("user_id","created_at");