-- The change-log cursor without a global lock (docs/decisions/change-cursor.md): seq becomes the writing
-- transaction id plus 2^40 (above every seq the old sequence numbered), id the row identity.
ALTER TABLE "change_log" DROP CONSTRAINT "change_log_pkey";--> statement-breakpoint
ALTER TABLE "change_log" ALTER COLUMN "seq" SET DEFAULT (pg_current_xact_id()::text::bigint + 1099511627776);--> statement-breakpoint
DROP SEQUENCE IF EXISTS "change_log_seq_seq";--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
CREATE INDEX "change_log_seq_index" ON "change_log" USING btree ("seq");
