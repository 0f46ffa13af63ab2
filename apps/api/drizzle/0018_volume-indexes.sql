CREATE INDEX IF NOT EXISTS "decision_outcomes_manual_review_idx" ON "decision_outcomes" USING btree ("order_id") WHERE outcome = 'manualReview';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_state_changes_at_idx" ON "order_state_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_settled_at_idx" ON "payouts" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collection_notifications_received_at_idx" ON "collection_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loan_journal_lines_credit_idx" ON "loan_journal_lines" USING btree ("order_id") WHERE account = 'credit';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_instalments_due_date_idx" ON "order_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "repayment_credits_credited_at_idx" ON "repayment_credits" USING btree ("credited_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_attributions_created_at_idx" ON "user_attributions" USING btree ("created_at");