ALTER TABLE "deposits" ADD COLUMN "method" text DEFAULT 'bank_transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "secure_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposits_awaiting_3ds" ON "deposits" USING btree ("date_creation") WHERE "deposits"."status" = 'awaiting_3d_secure' and "deposits"."bank_retry_at" is null;--> statement-breakpoint
CREATE INDEX "deposits_bank_retry" ON "deposits" USING btree ("bank_retry_at") WHERE "deposits"."status" = 'awaiting_3d_secure' and "deposits"."bank_retry_at" is not null;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'awaiting_3d_secure', 'completed', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method" CHECK ("deposits"."method" in ('card', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0);