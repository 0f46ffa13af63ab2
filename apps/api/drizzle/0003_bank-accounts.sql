CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"passbook_image_key" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_id_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_account_uq" ON "bank_accounts" USING btree ("user_id","bank_code","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_uq" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."is_default";