CREATE TABLE "receiving_account_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receiving_account_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"failed_payout_id" integer NOT NULL,
	"from_bank_account_id" integer,
	"from_label" text NOT NULL,
	"to_bank_account_id" integer NOT NULL,
	"to_label" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receiving_account_changes" ADD CONSTRAINT "receiving_account_changes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiving_account_changes_order_id_idx" ON "receiving_account_changes" USING btree ("order_id");