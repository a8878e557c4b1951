CREATE TABLE "arbitration_reasons" (
	"id" text PRIMARY KEY NOT NULL,
	"arbitration_id" text NOT NULL,
	"claim_item_id" text NOT NULL,
	"reason" text NOT NULL,
	"awarded_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arbitration_reasons" ADD CONSTRAINT "arbitration_reasons_arbitration_id_arbitrations_id_fk" FOREIGN KEY ("arbitration_id") REFERENCES "public"."arbitrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitration_reasons" ADD CONSTRAINT "arbitration_reasons_claim_item_id_claim_items_id_fk" FOREIGN KEY ("claim_item_id") REFERENCES "public"."claim_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arbitration_reasons_arbitration_item_idx" ON "arbitration_reasons" USING btree ("arbitration_id","claim_item_id");