CREATE TABLE "popup_confirmations" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"popup_id" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "popup_confirmations_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contract_no" text NOT NULL,
	"template_version" text NOT NULL,
	"html" text NOT NULL,
	"sha256" text NOT NULL,
	"signature_image_key" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decision_outcomes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decision_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"rule" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"method" text NOT NULL,
	"annual_rate_percent" numeric(7, 4) NOT NULL,
	"amount_min" integer NOT NULL,
	"amount_max" integer NOT NULL,
	"amount_step" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extension" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal" integer NOT NULL,
	"interest" integer NOT NULL,
	"fee" integer NOT NULL,
	"overdue_interest" integer DEFAULT 0 NOT NULL,
	"paid_principal" integer DEFAULT 0 NOT NULL,
	"paid_interest" integer DEFAULT 0 NOT NULL,
	"paid_fee" integer DEFAULT 0 NOT NULL,
	"paid_overdue_interest" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_state_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_state_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"cause" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"provider" text,
	"provider_transaction_id" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"request_id" integer,
	"amount" integer NOT NULL,
	"outcome" text NOT NULL,
	"result_code" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"on" date NOT NULL,
	"from_due_date" date NOT NULL,
	"new_due_date" date NOT NULL,
	"accrued_interest" integer NOT NULL,
	"fee" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"allocated" integer NOT NULL,
	"extension" integer DEFAULT 0 NOT NULL,
	"credit_kept" integer NOT NULL,
	"allocation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "repayment_credits_adds_up" CHECK ("repayment_credits"."amount" = "repayment_credits"."allocated" + "repayment_credits"."extension" + "repayment_credits"."credit_kept")
);
--> statement-breakpoint
CREATE TABLE "repayment_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"gateway" text,
	"store_code" text,
	"bank_code" text,
	"virtual_account" text,
	"expires_at" timestamp with time zone,
	"quoted_on" date NOT NULL,
	"extension" jsonb,
	"paid_on" date,
	"from_account_last5" text,
	"receipt_image_key" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_requests_amount_positive" CHECK ("repayment_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "product_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "term" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "bank_account_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "contract_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "disbursed_on" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "refusal_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "cool_down_until" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_confirmations" ADD CONSTRAINT "popup_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_confirmations" ADD CONSTRAINT "popup_confirmations_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_outcomes" ADD CONSTRAINT "decision_outcomes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD CONSTRAINT "order_instalments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_state_changes" ADD CONSTRAINT "order_state_changes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notifications" ADD CONSTRAINT "collection_notifications_request_id_repayment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."repayment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extensions" ADD CONSTRAINT "loan_extensions_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extensions" ADD CONSTRAINT "loan_extensions_request_id_repayment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."repayment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_credits" ADD CONSTRAINT "repayment_credits_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_credits" ADD CONSTRAINT "repayment_credits_request_id_repayment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."repayment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_reminders" ADD CONSTRAINT "repayment_reminders_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_requests" ADD CONSTRAINT "repayment_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_requests" ADD CONSTRAINT "repayment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popup_confirmations_popup_id_idx" ON "popup_confirmations" USING btree ("popup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_contracts_order_id_idx" ON "loan_contracts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_contracts_contract_no_idx" ON "loan_contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "loan_contracts_user_id_idx" ON "loan_contracts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "decision_outcomes_order_rule_idx" ON "decision_outcomes" USING btree ("order_id","rule");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_name_uq" ON "loan_products" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "order_instalments_order_number_idx" ON "order_instalments" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "order_state_changes_order_id_idx" ON "order_state_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_id_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_transaction_idx" ON "payouts" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_notifications_transaction_idx" ON "collection_notifications" USING btree ("gateway","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_extensions_request_idx" ON "loan_extensions" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_extensions_order_from_due_idx" ON "loan_extensions" USING btree ("order_id","from_due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_credits_source_idx" ON "repayment_credits" USING btree ("source");--> statement-breakpoint
CREATE INDEX "repayment_credits_order_id_idx" ON "repayment_credits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_reminders_once_idx" ON "repayment_reminders" USING btree ("order_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "repayment_requests_order_id_idx" ON "repayment_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "repayment_requests_user_id_idx" ON "repayment_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_requests_store_code_idx" ON "repayment_requests" USING btree ("store_code");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_requests_virtual_account_idx" ON "repayment_requests" USING btree ("virtual_account");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_order_no_idx" ON "loan_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_one_open_per_user" ON "loan_orders" USING btree ("user_id") WHERE state not in ('已結清', '已拒絕', '已取消');