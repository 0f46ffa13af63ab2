-- Codes live minutes: one still without its blind index (written before the number was sealed,
-- never converted by a start-up since) is long expired and cannot be used; it goes with the number.
DELETE FROM "verification_codes" WHERE "phone_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "phone_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" DROP COLUMN "phone";