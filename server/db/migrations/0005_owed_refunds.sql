CREATE TABLE "owed_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"stripe_payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"claim_id" text,
	"order_customer_action_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"paid_at" timestamp with time zone,
	"stripe_refund_id" text
);
--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_order_customer_action_id_order_customer_actions_id_fk" FOREIGN KEY ("order_customer_action_id") REFERENCES "public"."order_customer_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owed_refunds_unpaid_idx" ON "owed_refunds" USING btree ("paid_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "owed_refunds_intent_reason_idx" ON "owed_refunds" USING btree ("stripe_payment_intent_id","reason");