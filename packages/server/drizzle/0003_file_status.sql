ALTER TABLE "files" ADD COLUMN "status" text DEFAULT 'converted' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("created_at") WHERE "files"."status" = 'pending';