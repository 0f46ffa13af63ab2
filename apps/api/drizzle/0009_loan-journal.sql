CREATE TABLE "loan_journal_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"value_date" date NOT NULL,
	"paid_on" date NOT NULL,
	"posted_on" date NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_journal_entries_amount_not_negative" CHECK ("loan_journal_entries"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_journal_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_journal_entries" ADD CONSTRAINT "loan_journal_entries_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_journal_lines" ADD CONSTRAINT "loan_journal_lines_entry_id_loan_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."loan_journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_journal_lines" ADD CONSTRAINT "loan_journal_lines_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_journal_entries_source_idx" ON "loan_journal_entries" USING btree ("source");--> statement-breakpoint
CREATE INDEX "loan_journal_entries_order_id_idx" ON "loan_journal_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "loan_journal_lines_order_account_idx" ON "loan_journal_lines" USING btree ("order_id","account");--> statement-breakpoint
CREATE INDEX "loan_journal_lines_entry_idx" ON "loan_journal_lines" USING btree ("entry_id");--> statement-breakpoint
-- Loans paid out before the journal existed: their payout, payments, extensions and refunds become entries (their lines are posted with the order's next entry, which brings every account to the replayed figures).
INSERT INTO "loan_journal_entries" ("order_id", "kind", "source", "amount", "value_date", "paid_on", "posted_on", "detail", "at")
SELECT "id", 'payout', 'payout:' || "id", "principal", "disbursed_on", "disbursed_on", "disbursed_on", '{}'::jsonb, "state_changed_at" FROM "loan_orders" WHERE "disbursed_on" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "loan_journal_entries" ("order_id", "kind", "source", "amount", "value_date", "paid_on", "posted_on", "detail", "at")
SELECT "e"."order_id", 'extension', 'extension:' || "e"."request_id", 0, "e"."on", "e"."on", "e"."on",
  jsonb_build_object('requestId', "e"."request_id", 'periodDays', ("e"."new_due_date" - "e"."from_due_date"), 'fee', "e"."fee", 'fromDueDate', "e"."from_due_date"), "e"."at"
FROM "loan_extensions" "e";
--> statement-breakpoint
INSERT INTO "loan_journal_entries" ("order_id", "kind", "source", "amount", "value_date", "paid_on", "posted_on", "detail", "at")
SELECT "c"."order_id", 'payment', "c"."source", "c"."amount", ("c"."credited_at" AT TIME ZONE 'Asia/Taipei')::date, ("c"."credited_at" AT TIME ZONE 'Asia/Taipei')::date, ("c"."credited_at" AT TIME ZONE 'Asia/Taipei')::date,
  jsonb_build_object('requestId', "c"."request_id"), "c"."credited_at"
FROM "repayment_credits" "c";
--> statement-breakpoint
INSERT INTO "loan_journal_entries" ("order_id", "kind", "source", "amount", "value_date", "paid_on", "posted_on", "detail", "at")
SELECT "r"."order_id", 'refund', 'refund:' || "r"."id", "r"."amount", ("r"."refunded_at" AT TIME ZONE 'Asia/Taipei')::date, ("r"."refunded_at" AT TIME ZONE 'Asia/Taipei')::date, ("r"."refunded_at" AT TIME ZONE 'Asia/Taipei')::date, '{}'::jsonb, "r"."refunded_at"
FROM "credit_refunds" "r";
