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
CREATE INDEX "job_runs_pending" ON "job_runs" USING btree ("job","due_at") WHERE "job_runs"."done_at" is null;