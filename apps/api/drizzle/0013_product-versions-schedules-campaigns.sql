CREATE TABLE "loan_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"product_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_product_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_product_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"terms" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	"changed_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "product_version" integer;--> statement-breakpoint
ALTER TABLE "loan_campaigns" ADD CONSTRAINT "loan_campaigns_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_product_versions" ADD CONSTRAINT "loan_product_versions_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_campaigns_ends_at_idx" ON "loan_campaigns" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_product_versions_product_version_uq" ON "loan_product_versions" USING btree ("product_id","version");--> statement-breakpoint
INSERT INTO "loan_product_versions" ("product_id", "version", "name", "terms", "enabled", "sort_order", "changed_by", "created_at") SELECT "id", 1, "name", jsonb_build_object('method', "method", 'annualRatePercent', "annual_rate_percent", 'amount', jsonb_build_object('min', "amount_min", 'max', "amount_max", 'step', "amount_step"), 'terms', "terms", 'fees', "fees", 'extension', "extension"), "enabled", "sort_order", '(migration)', "updated_at" FROM "loan_products";
