-- The audit outlives the accounts it names: no foreign key (deleting an account no longer deletes its
-- audit records), and both accounts of an entry are kept by id and by their e-mail at the time.
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "subject_email" text;--> statement-breakpoint
-- Until now every entry's account existed (the foreign key cascaded), so each has an e-mail to copy.
UPDATE "audit_logs" SET "email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_logs"."user_id";--> statement-breakpoint
DELETE FROM "audit_logs" WHERE "email" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
-- Admin actions on an account wrote it into the details as ", for EMAIL (ID)".
UPDATE "audit_logs" SET
  "subject_user_id" = substring("details" from ', for [^ ]+ \(([0-9a-f-]{36})\)')::uuid,
  "subject_email" = substring("details" from ', for ([^ ]+) \([0-9a-f-]{36}\)')
WHERE "action" LIKE 'admin\_%' AND "details" ~ ', for [^ ]+ \([0-9a-f-]{36}\)';--> statement-breakpoint
UPDATE "audit_logs" SET "subject_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_logs"."subject_user_id";--> statement-breakpoint
CREATE INDEX "audit_logs_subject_idx" ON "audit_logs" USING btree ("subject_user_id");
