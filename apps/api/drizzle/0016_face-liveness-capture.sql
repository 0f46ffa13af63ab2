CREATE TABLE "face_check_frames" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_check_frames_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"taken_at_ms" integer NOT NULL,
	"sha256" text NOT NULL,
	"face_count" integer NOT NULL,
	"yaw" real,
	"eye_ratio" real,
	"face_width" real,
	"antispoof_score" real,
	"liveness_score" real,
	"similarity_to_first" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "challenge" text;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "challenge_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "nonce_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "capture_mode" text;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "liveness_reason" text;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "turn_degrees" real;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "eye_closure" real;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "size_growth" real;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "planar_residual" real;--> statement-breakpoint
ALTER TABLE "face_check_attempts" ADD COLUMN "frame_similarity" real;--> statement-breakpoint
ALTER TABLE "face_check_frames" ADD CONSTRAINT "face_check_frames_attempt_id_face_check_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."face_check_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_check_frames" ADD CONSTRAINT "face_check_frames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_check_frames_attempt_idx" ON "face_check_frames" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "face_check_frames_user_sha_idx" ON "face_check_frames" USING btree ("user_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "face_check_frames_user_key_uq" ON "face_check_frames" USING btree ("user_id","file_key");