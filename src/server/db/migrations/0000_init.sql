CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"on_behalf_of" uuid,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"op" text NOT NULL,
	"audience" uuid[],
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_id" uuid
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_expiration_date" text,
	"full_name" text,
	"street" text,
	"zip_code" text,
	"country" text,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"investment_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"initial_amount" numeric(14, 2) NOT NULL,
	"rentability" numeric(5, 2) NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"dividend_frequency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"source_entity" text NOT NULL,
	"source_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_price" numeric(14, 2) NOT NULL,
	"gain" numeric(14, 2),
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"market" text DEFAULT 'forex' NOT NULL,
	"symbol" text NOT NULL,
	"type" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"leverage" integer NOT NULL,
	"open_price" numeric(20, 6),
	"close_price" numeric(20, 6),
	"status" text DEFAULT 'open' NOT NULL,
	"profit" numeric(14, 2),
	"expiration" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_markets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid NOT NULL,
	"market_id" uuid,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"description" text,
	"file" text,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"rentability" numeric(5, 2) NOT NULL,
	"duration" integer NOT NULL,
	"image" text NOT NULL,
	"coefficient" numeric(4, 2) NOT NULL,
	"minimum_amount" numeric(14, 2) NOT NULL,
	"dividend_frequency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"theme" text DEFAULT 'purple' NOT NULL,
	"company_description" text,
	"company_name" text DEFAULT '' NOT NULL,
	"street" text,
	"number" text,
	"zip_code" text,
	"city" text,
	"country" text,
	"phone" text,
	"email" text,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"qualifications" text[] DEFAULT '{}' NOT NULL,
	"logo" text,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receive_emails" boolean DEFAULT true NOT NULL,
	"receive_notifications" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"private" boolean DEFAULT false NOT NULL,
	"purpose" text DEFAULT 'file' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"roles" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"theme" text,
	"mode" text,
	"last_login" timestamp with time zone,
	"campaign_id" uuid,
	"assigned_to" uuid,
	"qualifications" text[] DEFAULT '{}' NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"phone" text,
	"mobile" text,
	"verification_status" text DEFAULT 'uninitialized' NOT NULL,
	"verification_note" text
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_market_id_product_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."product_markets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_index" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_index" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "campaigns_name_index" ON "campaigns" USING btree ("name");--> statement-breakpoint
CREATE INDEX "campaigns_date_creation_index" ON "campaigns" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "change_log_audience_index" ON "change_log" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "change_log_entity_seq_index" ON "change_log" USING btree ("entity","seq");--> statement-breakpoint
CREATE INDEX "comments_lead_id_date_creation_index" ON "comments" USING btree ("lead_id","date_creation");--> statement-breakpoint
CREATE INDEX "comments_author_id_index" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "deposits_user_id_date_creation_index" ON "deposits" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "deposits_status_index" ON "deposits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "deposits_date_creation_index" ON "deposits" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "deposits_amount_index" ON "deposits" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "deposits_transaction_id_index" ON "deposits" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "dividends_investment_id_date_creation_index" ON "dividends" USING btree ("investment_id","date_creation");--> statement-breakpoint
CREATE INDEX "dividends_user_id_index" ON "dividends" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dividends_date_creation_index" ON "dividends" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investments_user_id_date_creation_index" ON "investments" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "investments_expiration_date_index" ON "investments" USING btree ("expiration_date");--> statement-breakpoint
CREATE INDEX "investments_project_id_index" ON "investments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "investments_date_creation_index" ON "investments" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "ledger_user_id_at_index" ON "ledger" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_source_unique" ON "ledger" USING btree ("source_entity","source_id","kind");--> statement-breakpoint
CREATE INDEX "notifications_user_id_read_date_creation_index" ON "notifications" USING btree ("user_id","read","date_creation");--> statement-breakpoint
CREATE INDEX "notifications_type_index" ON "notifications" USING btree ("type");--> statement-breakpoint
CREATE INDEX "offers_user_id_date_creation_index" ON "offers" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "offers_product_id_index" ON "offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "offers_status_index" ON "offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "offers_expiration_date_index" ON "offers" USING btree ("expiration_date");--> statement-breakpoint
CREATE INDEX "offers_date_creation_index" ON "offers" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "offers_amount_index" ON "offers" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "orders_user_id_status_date_creation_index" ON "orders" USING btree ("user_id","status","date_creation");--> statement-breakpoint
CREATE INDEX "orders_symbol_index" ON "orders" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "orders_status_index" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_date_creation_index" ON "orders" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "orders_expiration_index" ON "orders" USING btree ("expiration");--> statement-breakpoint
CREATE INDEX "orders_market_index" ON "orders" USING btree ("market");--> statement-breakpoint
CREATE INDEX "product_categories_name_index" ON "product_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "product_categories_status_index" ON "product_categories" USING btree ("status");--> statement-breakpoint
CREATE INDEX "product_categories_date_creation_index" ON "product_categories" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "product_markets_name_index" ON "product_markets" USING btree ("name");--> statement-breakpoint
CREATE INDEX "product_markets_date_creation_index" ON "product_markets" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "products_category_id_index" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_market_id_index" ON "products" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "products_price_index" ON "products" USING btree ("price");--> statement-breakpoint
CREATE INDEX "products_date_creation_index" ON "products" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "projects_name_index" ON "projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "projects_date_creation_index" ON "projects" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "projects_rentability_index" ON "projects" USING btree ("rentability");--> statement-breakpoint
CREATE INDEX "projects_minimum_amount_index" ON "projects" USING btree ("minimum_amount");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_name_unique" ON "uploads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploads_owner_id_index" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_roles_index" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "users_labels_index" ON "users" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "users_qualifications_index" ON "users" USING gin ("qualifications");--> statement-breakpoint
CREATE INDEX "users_assigned_to_date_creation_index" ON "users" USING btree ("assigned_to","date_creation");--> statement-breakpoint
CREATE INDEX "users_campaign_id_index" ON "users" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "users_date_creation_index" ON "users" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "users_last_name_first_name_index" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "users_first_name_index" ON "users" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "users_status_index" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_verification_status_index" ON "users" USING btree ("verification_status");--> statement-breakpoint
CREATE INDEX "users_last_login_index" ON "users" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_date_creation_index" ON "withdrawals" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "withdrawals_status_index" ON "withdrawals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_date_creation_index" ON "withdrawals" USING btree ("date_creation");--> statement-breakpoint
CREATE INDEX "withdrawals_amount_index" ON "withdrawals" USING btree ("amount");