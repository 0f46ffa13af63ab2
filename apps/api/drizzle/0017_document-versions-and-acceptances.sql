CREATE TABLE "document_acceptances" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_acceptances_user_id_key_version_pk" PRIMARY KEY("user_id","key","version")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_acceptances" ADD CONSTRAINT "document_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_acceptances_key_version_idx" ON "document_acceptances" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_key_version_uq" ON "document_versions" USING btree ("key","version");--> statement-breakpoint
INSERT INTO "document_versions" ("key", "version", "title", "body", "published_by", "published_at") SELECT "key", "version", "title", "body", '(migration)', "updated_at" FROM "documents";
