CREATE TABLE "batch_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"result_name" text NOT NULL,
	"input_format" text NOT NULL,
	"output_format" text NOT NULL,
	"original_key" text NOT NULL,
	"result_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"result_size" bigint,
	"records" integer,
	"status" text NOT NULL,
	"error" text,
	"worker" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"quality" jsonb,
	"quality_score" double precision
);
--> statement-breakpoint
CREATE TABLE "batch_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"options" jsonb NOT NULL,
	"priority" integer NOT NULL,
	"tier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_job_id_batch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."batch_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_files" ADD CONSTRAINT "batch_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_files_job_position_idx" ON "batch_files" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "batch_files_user_idx" ON "batch_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "batch_files_processing_idx" ON "batch_files" USING btree ("heartbeat_at") WHERE "batch_files"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "batch_jobs_user_created_idx" ON "batch_jobs" USING btree ("user_id","created_at");