ALTER TABLE "users" DROP CONSTRAINT "users_phone_unique";--> statement-breakpoint
DROP INDEX "verification_codes_phone_purpose_idx";--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_key" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "phone_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_hash_uq" ON "users" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "verification_codes_phone_hash_purpose_idx" ON "verification_codes" USING btree ("phone_hash","purpose","created_at");