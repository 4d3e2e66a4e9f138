ALTER TABLE "batch_files" ADD COLUMN "records_path" text;--> statement-breakpoint
ALTER TABLE "batch_files" ADD COLUMN "left_out" jsonb;--> statement-breakpoint
ALTER TABLE "batch_files" ADD COLUMN "applied_plan" jsonb;