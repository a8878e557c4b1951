CREATE TABLE "cotenant_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"context" text NOT NULL,
	"context_id" text NOT NULL,
	"asker_user_id" text NOT NULL,
	"recipient_user_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotenant_reminders" ADD CONSTRAINT "cotenant_reminders_asker_user_id_users_id_fk" FOREIGN KEY ("asker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotenant_reminders" ADD CONSTRAINT "cotenant_reminders_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cotenant_reminders_pair_idx" ON "cotenant_reminders" USING btree ("context","context_id","asker_user_id","recipient_user_id");