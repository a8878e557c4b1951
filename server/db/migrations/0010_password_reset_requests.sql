CREATE TABLE "password_reset_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_reset_requests_address_idx" ON "password_reset_requests" USING btree ("client_address","created_at");