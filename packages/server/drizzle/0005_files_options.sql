ALTER TABLE "files" ALTER COLUMN "output_format" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "options" jsonb;