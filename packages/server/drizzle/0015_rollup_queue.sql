-- The samples that are stored but not yet in the hourly rollups: ingest writes each new sample here,
-- with its hour in its controller's zone and the writer (a server process) and batch that wrote it,
-- in the statement that stores it. The writer rolls its own batches up in memory and, every few
-- seconds, merges those hours into rollups_hourly and deletes their rows in one transaction
-- (src/ingest/rollups.ts); anything else queued (a batch with redelivered samples, rows a stopped
-- server left) is rolled up from these rows in SQL (src/ingest/store.ts, flushRollups). A crash
-- loses nothing: the rows stay until their hours are in. No key: rows are taken by their ctid or
-- by writer and batch. (Samples stored before this migration were rolled up as they were written.)
CREATE TABLE "rollup_queue" (
	"writer" uuid NOT NULL,
	"batch" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"controller_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"registers" integer[] NOT NULL,
	"readings" double precision[] NOT NULL
);
