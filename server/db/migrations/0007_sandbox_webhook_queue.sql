CREATE TABLE "stripe_sandbox_webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stripe_sandbox_webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" integer NOT NULL,
	"ok" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_sandbox_webhook_deliveries" (
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
CREATE TABLE "stripe_sandbox_webhook_holds" (
	"owner" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_sandbox_webhook_deliveries" ADD CONSTRAINT "stripe_sandbox_webhook_deliveries_event_id_stripe_sandbox_objects_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."stripe_sandbox_objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_sandbox_webhook_attempts_event_idx" ON "stripe_sandbox_webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "stripe_sandbox_webhook_deliveries_pending_idx" ON "stripe_sandbox_webhook_deliveries" USING btree ("next_attempt_at") WHERE "stripe_sandbox_webhook_deliveries"."delivered_at" is null and "stripe_sandbox_webhook_deliveries"."given_up_at" is null;--> statement-breakpoint
CREATE INDEX "stripe_sandbox_webhook_deliveries_owner_idx" ON "stripe_sandbox_webhook_deliveries" USING btree ("owner","seq");