ALTER TABLE "dividends" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "due_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "start_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "next_period" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "signature_upload_id" uuid;--> statement-breakpoint
CREATE INDEX "dividends_status_index" ON "dividends" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "dividends_investment_period" ON "dividends" USING btree ("investment_id","period");--> statement-breakpoint
CREATE INDEX "investments_status_index" ON "investments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "investments_next_due" ON "investments" USING btree ("next_due_at") WHERE "investments"."next_due_at" is not null;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_status" CHECK ("dividends"."status" in ('pending', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_status" CHECK ("investments"."status" in ('active', 'ended'));--> statement-breakpoint
-- Investments made before starts were recorded started when they were made.
UPDATE "investments" SET "start_date" = "date_creation";
