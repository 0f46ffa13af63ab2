DROP INDEX "payouts_order_id_idx";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_of" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retried_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faq_items" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_attempt_idx" ON "payouts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_retry_of_idx" ON "payouts" USING btree ("retry_of");