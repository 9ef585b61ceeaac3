CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_start_index" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_actor_id_index" ON "sessions" USING btree ("actor_id");