CREATE TABLE "change_log_compactions" (
	"through_seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"removed" integer NOT NULL
);
