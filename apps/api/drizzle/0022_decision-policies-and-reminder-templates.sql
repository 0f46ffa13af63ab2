CREATE TABLE "decision_policies" (
	"version" integer PRIMARY KEY NOT NULL,
	"manual_review_above" integer,
	"second_approval_above" integer NOT NULL,
	"cool_down_days" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reminder_templates_kind_idx" ON "reminder_templates" USING btree ("kind","id");