CREATE TABLE "file_blobs" (
	"owner_id" integer NOT NULL,
	"key" text NOT NULL,
	"key_id" text,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_owner_id_key_pk" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
DROP INDEX "bank_accounts_user_account_uq";--> statement-breakpoint
DROP INDEX "personal_details_id_number_uq";--> statement-breakpoint
ALTER TABLE "id_card_readings" ALTER COLUMN "proposal" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "id_card_readings" ALTER COLUMN "confirmed" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "personal_details" ALTER COLUMN "birth_date" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_number_hash" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "data_key" text;--> statement-breakpoint
ALTER TABLE "id_card_readings" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "id_card_readings" ADD COLUMN "data_key" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD COLUMN "data_key" text;--> statement-breakpoint
ALTER TABLE "personal_details" ADD COLUMN "id_number_hash" text;--> statement-breakpoint
ALTER TABLE "personal_details" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "personal_details" ADD COLUMN "data_key" text;--> statement-breakpoint
ALTER TABLE "shared_contacts" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "shared_contacts" ADD COLUMN "data_key" text;--> statement-breakpoint
CREATE INDEX "file_blobs_key_id_idx" ON "file_blobs" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_account_hash_uq" ON "bank_accounts" USING btree ("user_id","bank_code","account_number_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_details_id_number_hash_uq" ON "personal_details" USING btree ("id_number_hash");