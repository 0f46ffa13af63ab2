CREATE TABLE "face_check_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_check_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"image_key" text NOT NULL,
	"face_count" integer,
	"face_size_ratio" real,
	"centre_offset" real,
	"brightness" real,
	"detection_passed" boolean,
	"detection_reason" text,
	"antispoof_score" real,
	"liveness_score" real,
	"antispoof_threshold" real,
	"liveness_threshold" real,
	"liveness_passed" boolean,
	"id_card_key" text,
	"similarity" real,
	"similarity_threshold" real,
	"compare_passed" boolean,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD CONSTRAINT "face_check_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_check_attempts_user_id_idx" ON "face_check_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "face_check_attempts_user_image_uq" ON "face_check_attempts" USING btree ("user_id","image_key");