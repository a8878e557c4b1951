CREATE TABLE "tenant_vacated_links" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"vacated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "tenancy_inventory_requests" ADD COLUMN "agent_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_vacated_links" ADD CONSTRAINT "tenant_vacated_links_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_vacated_links" ADD CONSTRAINT "tenant_vacated_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_vacated_links_token_idx" ON "tenant_vacated_links" USING btree ("token_hash");