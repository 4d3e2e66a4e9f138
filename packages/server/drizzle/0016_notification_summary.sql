ALTER TABLE "notifications" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "summary_date" timestamp with time zone;