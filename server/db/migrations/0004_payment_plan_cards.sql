ALTER TABLE "payment_plan_instalments" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "stripe_setup_intent_id" text;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "stripe_payment_method_id" text;