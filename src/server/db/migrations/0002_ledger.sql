CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_id" uuid,
	"kind" text NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "accounts_lead_balance_not_negative" CHECK ("accounts"."lead_id" is null or "accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"lead_id" uuid,
	"account_kind" text NOT NULL,
	"kind" text NOT NULL,
	"source_entity" text NOT NULL,
	"source_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	CONSTRAINT "ledger_entries_lead_balance_not_negative" CHECK ("ledger_entries"."lead_id" is null or "ledger_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source_entity" text NOT NULL,
	"source_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"from_account_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"actor_id" uuid,
	"memo" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" > 0),
	CONSTRAINT "transfers_two_accounts" CHECK ("transfers"."from_account_id" <> "transfers"."to_account_id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "withdrawal_approval_threshold" numeric(14, 2) DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_by" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_lead_kind_unique" ON "accounts" USING btree ("lead_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_house_kind_unique" ON "accounts" USING btree ("kind") WHERE "accounts"."lead_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_lead_id_account_kind_seq_index" ON "ledger_entries" USING btree ("lead_id","account_kind","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_seq_index" ON "ledger_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_id_index" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_cause_unique" ON "transfers" USING btree ("source_entity","source_id","kind");--> statement-breakpoint
CREATE INDEX "transfers_at_index" ON "transfers" USING btree ("at");