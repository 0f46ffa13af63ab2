ALTER TABLE "receiving_account_changes" ADD COLUMN "confirmed_text" text;--> statement-breakpoint
ALTER TABLE "receiving_account_changes" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "receiving_account_changes" ADD COLUMN "user_agent" text;