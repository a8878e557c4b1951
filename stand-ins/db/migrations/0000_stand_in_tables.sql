-- The stand-ins' own tables (decision 0052). IF NOT EXISTS: a database from before they left the product's schema upgrades.
CREATE TABLE IF NOT EXISTS "dev_analytics_events" (
	"uuid" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"properties" jsonb NOT NULL,
	"timestamp" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dev_idp_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "dev_idp_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_sandbox_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"request_id" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_sandbox_webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stripe_sandbox_webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" integer NOT NULL,
	"ok" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_sandbox_webhook_deliveries" (
	"event_id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stripe_sandbox_webhook_deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"owner" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_sandbox_webhook_holds" (
	"owner" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "stripe_sandbox_webhook_deliveries" ADD CONSTRAINT "stripe_sandbox_webhook_deliveries_event_id_stripe_sandbox_objects_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."stripe_sandbox_objects"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_analytics_events_distinct_idx" ON "dev_analytics_events" USING btree ("distinct_id","received_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_idp_records_grant_idx" ON "dev_idp_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_idp_records_uid_idx" ON "dev_idp_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_idp_records_user_code_idx" ON "dev_idp_records" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dev_idp_records_expires_idx" ON "dev_idp_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_sandbox_objects_type_created_idx" ON "stripe_sandbox_objects" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_sandbox_webhook_attempts_event_idx" ON "stripe_sandbox_webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_sandbox_webhook_deliveries_pending_idx" ON "stripe_sandbox_webhook_deliveries" USING btree ("next_attempt_at") WHERE "stripe_sandbox_webhook_deliveries"."delivered_at" is null and "stripe_sandbox_webhook_deliveries"."given_up_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_sandbox_webhook_deliveries_owner_idx" ON "stripe_sandbox_webhook_deliveries" USING btree ("owner","seq");