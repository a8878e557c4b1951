CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arbitration_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"arbitration_id" text NOT NULL,
	"document_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arbitrations" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"arbitrated_amount" integer,
	"repayment_order_id" text,
	"decided_at" timestamp with time zone,
	"payment_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"activity_type" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"document_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_item_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_item_id" text NOT NULL,
	"document_id" text NOT NULL,
	"claim_item_proposal_id" text,
	"source" text NOT NULL,
	"uploaded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_item_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_proposal_id" text NOT NULL,
	"claim_item_id" text NOT NULL,
	"amount" integer NOT NULL,
	"explanation" text,
	"settled" boolean DEFAULT false NOT NULL,
	"settled_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_items" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"is_settled" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"round" integer NOT NULL,
	"status" text NOT NULL,
	"type" text DEFAULT 'STANDARD' NOT NULL,
	"source" text NOT NULL,
	"published_at" timestamp with time zone,
	"order_id" text,
	"created_by_user_id" text,
	"response_deadline" timestamp with time zone,
	"auto_responded" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_respondents" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_response_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"document_id" text NOT NULL,
	"uploaded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_respondent_id" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"status" text NOT NULL,
	"details" text,
	"limit" integer NOT NULL,
	"final_amount" integer,
	"mediation_enabled" boolean DEFAULT true NOT NULL,
	"tenant_dispute_message" text,
	"adjudication_fee_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_chasers" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyfree_offer_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"keyfree_offer_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"token_hash" text NOT NULL,
	"choice" text,
	"chosen_at" timestamp with time zone,
	"rejection_reason" text,
	"custom_rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyfree_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"address_id" text NOT NULL,
	"organization_id" text,
	"saving_amount" integer NOT NULL,
	"keyfree_amount" integer NOT NULL,
	"cash_deposit_amount" integer NOT NULL,
	"annual_fees_enabled" boolean DEFAULT true NOT NULL,
	"choice" text,
	"chosen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_customer_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_customer_id" text NOT NULL,
	"type_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plan_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_plan_id" text NOT NULL,
	"type_id" text NOT NULL,
	"position" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plan_instalments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_plan_id" text NOT NULL,
	"instalment_number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"order_customer_id" text NOT NULL,
	"claim_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"interest_amount" integer DEFAULT 0 NOT NULL,
	"address_id" text,
	"offer_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"document_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "references" (
	"id" text PRIMARY KEY NOT NULL,
	"order_customer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'PEND' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_anniversaries" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"anniversary_date" date NOT NULL,
	"year_number" integer NOT NULL,
	"order_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"document_id" text NOT NULL,
	"type_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_inventory_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_inventory_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"tenancy_id" text NOT NULL,
	"user_id" text NOT NULL,
	"guarantor_first_name" text,
	"guarantor_last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "cover_level" text DEFAULT 'DEFAULT' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "terms_link" text;--> statement-breakpoint
ALTER TABLE "arbitration_documents" ADD CONSTRAINT "arbitration_documents_arbitration_id_arbitrations_id_fk" FOREIGN KEY ("arbitration_id") REFERENCES "public"."arbitrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitration_documents" ADD CONSTRAINT "arbitration_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitrations" ADD CONSTRAINT "arbitrations_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitrations" ADD CONSTRAINT "arbitrations_repayment_order_id_orders_id_fk" FOREIGN KEY ("repayment_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_activities" ADD CONSTRAINT "claim_activities_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_activities" ADD CONSTRAINT "claim_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_documents" ADD CONSTRAINT "claim_item_documents_claim_item_id_claim_items_id_fk" FOREIGN KEY ("claim_item_id") REFERENCES "public"."claim_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_documents" ADD CONSTRAINT "claim_item_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_documents" ADD CONSTRAINT "claim_item_documents_claim_item_proposal_id_claim_item_proposals_id_fk" FOREIGN KEY ("claim_item_proposal_id") REFERENCES "public"."claim_item_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_documents" ADD CONSTRAINT "claim_item_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_proposals" ADD CONSTRAINT "claim_item_proposals_claim_proposal_id_claim_proposals_id_fk" FOREIGN KEY ("claim_proposal_id") REFERENCES "public"."claim_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_item_proposals" ADD CONSTRAINT "claim_item_proposals_claim_item_id_claim_items_id_fk" FOREIGN KEY ("claim_item_id") REFERENCES "public"."claim_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_proposals" ADD CONSTRAINT "claim_proposals_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_proposals" ADD CONSTRAINT "claim_proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_proposals" ADD CONSTRAINT "claim_proposals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_respondents" ADD CONSTRAINT "claim_respondents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_respondents" ADD CONSTRAINT "claim_respondents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_response_documents" ADD CONSTRAINT "claim_response_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_response_documents" ADD CONSTRAINT "claim_response_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_response_documents" ADD CONSTRAINT "claim_response_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_responses" ADD CONSTRAINT "claim_responses_claim_respondent_id_claim_respondents_id_fk" FOREIGN KEY ("claim_respondent_id") REFERENCES "public"."claim_respondents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_chasers" ADD CONSTRAINT "evidence_chasers_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyfree_offer_recipients" ADD CONSTRAINT "keyfree_offer_recipients_keyfree_offer_id_keyfree_offers_id_fk" FOREIGN KEY ("keyfree_offer_id") REFERENCES "public"."keyfree_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyfree_offers" ADD CONSTRAINT "keyfree_offers_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyfree_offers" ADD CONSTRAINT "keyfree_offers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_customer_actions" ADD CONSTRAINT "order_customer_actions_order_customer_id_order_customers_id_fk" FOREIGN KEY ("order_customer_id") REFERENCES "public"."order_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_actions" ADD CONSTRAINT "payment_plan_actions_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD CONSTRAINT "payment_plan_instalments_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_order_customer_id_order_customers_id_fk" FOREIGN KEY ("order_customer_id") REFERENCES "public"."order_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_checks" ADD CONSTRAINT "reference_checks_reference_id_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD CONSTRAINT "reference_documents_reference_id_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD CONSTRAINT "reference_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_order_customer_id_order_customers_id_fk" FOREIGN KEY ("order_customer_id") REFERENCES "public"."order_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "references" ADD CONSTRAINT "references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_anniversaries" ADD CONSTRAINT "tenancy_anniversaries_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_anniversaries" ADD CONSTRAINT "tenancy_anniversaries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_documents" ADD CONSTRAINT "tenancy_documents_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_documents" ADD CONSTRAINT "tenancy_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_inventory_requests" ADD CONSTRAINT "tenancy_inventory_requests_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_inventory_responses" ADD CONSTRAINT "tenancy_inventory_responses_request_id_tenancy_inventory_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."tenancy_inventory_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_inventory_responses" ADD CONSTRAINT "tenancy_inventory_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenants" ADD CONSTRAINT "tenancy_tenants_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenants" ADD CONSTRAINT "tenancy_tenants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arbitrations_claim_idx" ON "arbitrations" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_activities_claim_idx" ON "claim_activities" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_item_documents_item_idx" ON "claim_item_documents" USING btree ("claim_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_item_proposals_proposal_item_idx" ON "claim_item_proposals" USING btree ("claim_proposal_id","claim_item_id");--> statement-breakpoint
CREATE INDEX "claim_item_proposals_item_idx" ON "claim_item_proposals" USING btree ("claim_item_id");--> statement-breakpoint
CREATE INDEX "claim_items_claim_idx" ON "claim_items" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_proposals_claim_idx" ON "claim_proposals" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_respondents_claim_user_idx" ON "claim_respondents" USING btree ("claim_id","user_id");--> statement-breakpoint
CREATE INDEX "claim_respondents_user_idx" ON "claim_respondents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "claims_tenancy_idx" ON "claims" USING btree ("tenancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keyfree_offer_recipients_token_idx" ON "keyfree_offer_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_customer_actions_oc_idx" ON "order_customer_actions" USING btree ("order_customer_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_unsent_idx" ON "outbox_emails" USING btree ("sent_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_hash_idx" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plan_instalments_number_idx" ON "payment_plan_instalments" USING btree ("payment_plan_id","instalment_number");--> statement-breakpoint
CREATE INDEX "payment_plans_oc_idx" ON "payment_plans" USING btree ("order_customer_id");--> statement-breakpoint
CREATE INDEX "references_oc_idx" ON "references" USING btree ("order_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_anniversaries_year_idx" ON "tenancy_anniversaries" USING btree ("tenancy_id","year_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_inventory_responses_token_idx" ON "tenancy_inventory_responses" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_tenants_tenancy_user_idx" ON "tenancy_tenants" USING btree ("tenancy_id","user_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenants_user_idx" ON "tenancy_tenants" USING btree ("user_id");