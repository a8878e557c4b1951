CREATE TABLE "complaint_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"complaint_id" text NOT NULL,
	"final" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"what_happened" text NOT NULL,
	"put_right" text NOT NULL,
	"claim_id" text,
	"order_id" text,
	"token_hash" text NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledge_by" date NOT NULL,
	"final_response_by" date NOT NULL,
	"final_response_at" timestamp with time zone,
	"eight_weeks_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_responses" ADD CONSTRAINT "complaint_responses_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_responses_complaint_idx" ON "complaint_responses" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_idx" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_token_idx" ON "complaints" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaints_open_idx" ON "complaints" USING btree ("final_response_by") WHERE "complaints"."final_response_at" is null and "complaints"."eight_weeks_notice_at" is null;