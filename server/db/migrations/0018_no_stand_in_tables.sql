-- The stand-ins keep their own tables (stand-ins/db/schema.ts, decision 0052), created by their own migrations where stand-ins are in use.
DROP TABLE IF EXISTS "dev_analytics_events" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "dev_idp_records" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "stripe_sandbox_idempotency_keys" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "stripe_sandbox_objects" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "stripe_sandbox_webhook_attempts" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "stripe_sandbox_webhook_deliveries" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "stripe_sandbox_webhook_holds" CASCADE;