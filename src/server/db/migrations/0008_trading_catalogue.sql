CREATE TABLE "holdings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"purchase_price" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"purchased_by" uuid,
	"sold_at" timestamp with time zone,
	"offer_id" uuid,
	"sale_amount" numeric(14, 2),
	"gain" numeric(14, 2),
	CONSTRAINT "holdings_status" CHECK ("holdings"."status" in ('held', 'sold')),
	CONSTRAINT "holdings_price_positive" CHECK ("holdings"."purchase_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "holding_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "released_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "close_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "house_absorbed" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "close_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_profit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_close_price" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "binary_options_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holdings_user_id_date_creation_index" ON "holdings" USING btree ("user_id","date_creation");--> statement-breakpoint
CREATE INDEX "holdings_product_id_index" ON "holdings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "holdings_status_sold_at_index" ON "holdings" USING btree ("status","sold_at");--> statement-breakpoint
CREATE INDEX "holdings_date_creation_index" ON "holdings" USING btree ("date_creation");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_holding_id_status_index" ON "offers" USING btree ("holding_id","status");--> statement-breakpoint
CREATE INDEX "offers_pending_expiration" ON "offers" USING btree ("expiration_date") WHERE "offers"."status" in ('pending', 'awaiting_release');--> statement-breakpoint
CREATE INDEX "orders_closed_at_index" ON "orders" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "orders_open_expiration" ON "orders" USING btree ("expiration") WHERE "orders"."status" = 'open' and "orders"."expiration" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_user" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "products_held_by_index" ON "products" USING btree ("held_by");--> statement-breakpoint
CREATE INDEX "products_values_gin" ON "products" USING gin ("values" jsonb_path_ops);