CREATE TABLE "account_closure_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_applied" (
	"rule" text NOT NULL,
	"record_id" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_applied_rule_record_id_pk" PRIMARY KEY("rule","record_id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_closure_requests" ADD CONSTRAINT "account_closure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_closure_requests_user_idx" ON "account_closure_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_closure_requests_open_idx" ON "account_closure_requests" USING btree ("closed_at");