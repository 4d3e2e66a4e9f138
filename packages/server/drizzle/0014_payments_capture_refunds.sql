CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_refund_id" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "granted_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "granted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "first50" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seconds_taken_back" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("provider_payment_id");--> statement-breakpoint
-- Payments made before this release: their success was shown then, their first-50 discount was honoured
-- when the order was made, and the running period's payment bought that period.
UPDATE "payments" SET "acknowledged_at" = "created_at";--> statement-breakpoint
UPDATE "payments" SET "first50" = true FROM "payment_orders" WHERE "payment_orders"."id" = "payments"."order_id" AND "payment_orders"."first50" AND "payment_orders"."kind" = 'plan';--> statement-breakpoint
UPDATE "payments" SET "granted_from" = "subscriptions"."period_start", "granted_until" = "subscriptions"."period_end" FROM "subscriptions" WHERE "subscriptions"."order_id" = "payments"."order_id";
