ALTER TABLE "payouts" ADD COLUMN "channel" text DEFAULT 'gateway' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "releases_needed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "first_released_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "first_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "released_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_batch" text;--> statement-breakpoint
CREATE INDEX "payouts_bank_batch_idx" ON "payouts" USING btree ("bank_batch");--> statement-breakpoint
CREATE INDEX "payouts_requested_at_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_releases_needed" CHECK ("payouts"."releases_needed" between 0 and 2);