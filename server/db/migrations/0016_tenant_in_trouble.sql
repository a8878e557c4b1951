CREATE TABLE "breathing_space_deadlines" (
	"id" text PRIMARY KEY NOT NULL,
	"breathing_space_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"original_deadline" timestamp with time zone NOT NULL,
	"moved_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breathing_spaces" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"recorded_by" text NOT NULL,
	"treatment_ended_on" date,
	"ends_on" date,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "more_time_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"user_id" text NOT NULL,
	"claim_proposal_id" text,
	"reason" text NOT NULL,
	"days_requested" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"days_granted" integer,
	"refusal_reason" text,
	"deadline_before" timestamp with time zone,
	"deadline_after" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plan_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"debt_type" text NOT NULL,
	"claim_id" text,
	"arbitration_id" text,
	"payment_plan_instalment_id" text,
	"amount_pence" integer NOT NULL,
	"instalments" integer NOT NULL,
	"instalment_pence" integer NOT NULL,
	"monthly_income_pence" integer NOT NULL,
	"monthly_outgoings_pence" integer NOT NULL,
	"budget" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"answered_at" timestamp with time zone,
	"refusal_reason" text,
	"payment_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_helpers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relationship" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_needs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"needs" jsonb NOT NULL,
	"details" text,
	"consented_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breathing_space_deadlines" ADD CONSTRAINT "breathing_space_deadlines_breathing_space_id_breathing_spaces_id_fk" FOREIGN KEY ("breathing_space_id") REFERENCES "public"."breathing_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breathing_spaces" ADD CONSTRAINT "breathing_spaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "more_time_requests" ADD CONSTRAINT "more_time_requests_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "more_time_requests" ADD CONSTRAINT "more_time_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "more_time_requests" ADD CONSTRAINT "more_time_requests_claim_proposal_id_claim_proposals_id_fk" FOREIGN KEY ("claim_proposal_id") REFERENCES "public"."claim_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_requests" ADD CONSTRAINT "payment_plan_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_requests" ADD CONSTRAINT "payment_plan_requests_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_requests" ADD CONSTRAINT "payment_plan_requests_arbitration_id_arbitrations_id_fk" FOREIGN KEY ("arbitration_id") REFERENCES "public"."arbitrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_requests" ADD CONSTRAINT "payment_plan_requests_payment_plan_instalment_id_payment_plan_instalments_id_fk" FOREIGN KEY ("payment_plan_instalment_id") REFERENCES "public"."payment_plan_instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_requests" ADD CONSTRAINT "payment_plan_requests_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_helpers" ADD CONSTRAINT "support_helpers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_needs" ADD CONSTRAINT "support_needs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breathing_space_deadlines_target_idx" ON "breathing_space_deadlines" USING btree ("breathing_space_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "breathing_spaces_user_idx" ON "breathing_spaces" USING btree ("user_id","ended_at");--> statement-breakpoint
CREATE INDEX "more_time_requests_claim_idx" ON "more_time_requests" USING btree ("claim_id","status");--> statement-breakpoint
CREATE INDEX "more_time_requests_user_idx" ON "more_time_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "payment_plan_requests_user_idx" ON "payment_plan_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "payment_plan_requests_claim_idx" ON "payment_plan_requests" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "support_helpers_user_idx" ON "support_helpers" USING btree ("user_id","removed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_helpers_token_idx" ON "support_helpers" USING btree ("token_hash");