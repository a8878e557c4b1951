CREATE TABLE "dev_analytics_events" (
	"uuid" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"properties" jsonb NOT NULL,
	"timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_analytics_events_distinct_idx" ON "dev_analytics_events" USING btree ("distinct_id","created_at");