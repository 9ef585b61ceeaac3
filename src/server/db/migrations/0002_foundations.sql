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
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "job_runs_job_key_pk" PRIMARY KEY("job","key")
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
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone
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
ALTER TABLE "deposits" ADD COLUMN "method" text DEFAULT 'bank_transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "secure_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank_retry_at" timestamp with time zone;--> statement-breakpoint
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
CREATE INDEX "job_runs_pending" ON "job_runs" USING btree ("job","due_at") WHERE "job_runs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_lead_id_account_kind_seq_index" ON "ledger_entries" USING btree ("lead_id","account_kind","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_seq_index" ON "ledger_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_id_index" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "rate_counters_window_start_index" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_cause_unique" ON "transfers" USING btree ("source_entity","source_id","kind");--> statement-breakpoint
CREATE INDEX "transfers_at_index" ON "transfers" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_lower_unique" ON "campaigns" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "deposits_awaiting_3ds" ON "deposits" USING btree ("date_creation") WHERE "deposits"."status" = 'awaiting_3d_secure' and "deposits"."bank_retry_at" is null;--> statement-breakpoint
CREATE INDEX "deposits_bank_retry" ON "deposits" USING btree ("bank_retry_at") WHERE "deposits"."status" = 'awaiting_3d_secure' and "deposits"."bank_retry_at" is not null;--> statement-breakpoint
CREATE INDEX "sessions_actor_id_index" ON "sessions" USING btree ("actor_id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'awaiting_3d_secure', 'completed', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method" CHECK ("deposits"."method" in ('card', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0);