CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"off_session" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_status" text NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD COLUMN "payment_amount" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("settled_at","next_check_at");--> statement-breakpoint
CREATE INDEX "payment_intents_customer_idx" ON "payment_intents" USING btree ("customer_id","settled_at");
--> statement-breakpoint
-- Intents made before the ledger that may still be paid: reconciliation asks the provider about them.
INSERT INTO "payment_intents" ("id", "purpose", "customer_id", "amount", "metadata", "provider_status", "next_check_at")
SELECT DISTINCT ON (a."details"->>'stripePaymentIntentId')
  a."details"->>'stripePaymentIntentId', 'order-action', oc."customer_id",
  COALESCE((a."details"->>'stripePaymentIntentAmount')::integer, 0),
  jsonb_build_object('orderCustomerActionId', a."id", 'customerId', oc."customer_id"), 'unknown', now()
FROM "order_customer_actions" a JOIN "order_customers" oc ON oc."id" = a."order_customer_id"
WHERE a."completed_at" IS NULL AND a."details"->>'stripePaymentIntentId' LIKE 'pi\_%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "payment_intents" ("id", "purpose", "customer_id", "amount", "metadata", "provider_status", "next_check_at")
SELECT DISTINCT ON (pi_id) pi_id, 'payment-plan-instalment', oc."customer_id", i."amount",
  jsonb_build_object('paymentPlanInstalmentId', i."id", 'paymentPlanId', p."id", 'customerId', oc."customer_id"), 'unknown', now()
FROM "payment_plan_instalments" i
JOIN "payment_plans" p ON p."id" = i."payment_plan_id"
JOIN "order_customers" oc ON oc."id" = p."order_customer_id"
CROSS JOIN LATERAL (VALUES (i."stripe_payment_intent_id"), (i."charge_payment_intent_id")) AS v(pi_id)
WHERE i."status" <> 'PAID' AND pi_id IS NOT NULL
ON CONFLICT DO NOTHING;
