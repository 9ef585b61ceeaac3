CREATE TABLE "adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"failure_reason" text,
	CONSTRAINT "adjustments_status" CHECK ("adjustments"."status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "adjustments_direction" CHECK ("adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "adjustments_amount_positive" CHECK ("adjustments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "four_eyes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "card_deposit_max" numeric(14, 2) DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "card_deposit_daily_max" numeric(14, 2) DEFAULT 25000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "amount_confirmation_level" numeric(14, 2) DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_user_id_date_creation_index" ON "adjustments" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "adjustments_status_index" ON "adjustments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "adjustments_date_creation_index" ON "adjustments" USING btree ("date_creation");