CREATE TABLE "dev_idp_records" (
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
CREATE TABLE "used_id_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_idp_records_grant_idx" ON "dev_idp_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "dev_idp_records_uid_idx" ON "dev_idp_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "dev_idp_records_user_code_idx" ON "dev_idp_records" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "dev_idp_records_expires_idx" ON "dev_idp_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_id_tokens_expires_idx" ON "used_id_tokens" USING btree ("expires_at");