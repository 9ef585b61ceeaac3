ALTER TABLE "offers" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "decision_reason" text;