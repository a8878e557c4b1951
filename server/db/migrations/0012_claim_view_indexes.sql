CREATE INDEX "claim_documents_claim_idx" ON "claim_documents" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_response_documents_claim_idx" ON "claim_response_documents" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "evidence_chasers_claim_idx" ON "evidence_chasers" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "orders_claim_idx" ON "orders" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "payment_plans_claim_idx" ON "payment_plans" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "tenancy_documents_tenancy_idx" ON "tenancy_documents" USING btree ("tenancy_id");