CREATE TABLE "id_card_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"front_key" text NOT NULL,
	"engine" text NOT NULL,
	"proposal" jsonb NOT NULL,
	"id_number_rejected" boolean NOT NULL,
	"confirmed" jsonb,
	"corrected_fields" jsonb,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "id_card_readings" ADD CONSTRAINT "id_card_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_card_readings_user_idx" ON "id_card_readings" USING btree ("user_id");