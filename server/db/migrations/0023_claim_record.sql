CREATE TABLE "record_share_views" (
	"id" text PRIMARY KEY NOT NULL,
	"record_share_id" text NOT NULL,
	"format" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"user_id" text NOT NULL,
	"adviser_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "record_share_views" ADD CONSTRAINT "record_share_views_record_share_id_record_shares_id_fk" FOREIGN KEY ("record_share_id") REFERENCES "public"."record_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_shares" ADD CONSTRAINT "record_shares_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_shares" ADD CONSTRAINT "record_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_share_views_share_idx" ON "record_share_views" USING btree ("record_share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_shares_token_idx" ON "record_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "record_shares_claim_user_idx" ON "record_shares" USING btree ("claim_id","user_id");