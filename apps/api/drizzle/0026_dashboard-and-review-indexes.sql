-- Decision 0175: the dashboard's day sums read from their indexes alone (each index carries the
-- column summed or tested: an index-only scan instead of a month of heap rows), each replacing
-- the plain index on the same first column; the funnel's signed and paid-out flags by person
-- from partial indexes; the review queue starts from the orders in 審核中.
DROP INDEX "order_state_changes_at_idx";--> statement-breakpoint
DROP INDEX "payouts_settled_at_idx";--> statement-breakpoint
DROP INDEX "order_instalments_due_date_idx";--> statement-breakpoint
DROP INDEX "repayment_credits_credited_at_idx";--> statement-breakpoint
CREATE INDEX "loan_orders_in_review_idx" ON "loan_orders" USING btree ("id") WHERE state = '審核中';--> statement-breakpoint
CREATE INDEX "loan_orders_signed_user_idx" ON "loan_orders" USING btree ("user_id") WHERE contract_signed_at is not null;--> statement-breakpoint
CREATE INDEX "loan_orders_paid_out_user_idx" ON "loan_orders" USING btree ("user_id") WHERE disbursed_on is not null;--> statement-breakpoint
CREATE INDEX "order_state_changes_decisions_at_idx" ON "order_state_changes" USING btree ("at","to_state") WHERE to_state in ('審核中', '已核准', '已拒絕');--> statement-breakpoint
CREATE INDEX "payouts_completed_settled_at_idx" ON "payouts" USING btree ("settled_at","amount") WHERE state = 'completed';--> statement-breakpoint
CREATE INDEX "order_instalments_due_date_settled_idx" ON "order_instalments" USING btree ("due_date","settled_at");--> statement-breakpoint
CREATE INDEX "repayment_credits_credited_at_amount_idx" ON "repayment_credits" USING btree ("credited_at","amount");