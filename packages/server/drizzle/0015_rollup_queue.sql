-- The samples that are stored but not yet rolled up: ingest writes each new sample here, with its
-- hour in its controller's zone, in the statement that stores it; src/ingest/store.ts flushRollups
-- rolls them up into rollups_hourly and deletes them in one statement, every few seconds and before the
-- rollups are read. A crash between the two loses nothing: the queue is durable and the next flush,
-- of any instance, takes it. No key: rows are only ever taken whole, by their ctid. (Samples stored
-- before this migration were rolled up as they were written.)
CREATE TABLE "rollup_queue" (
	"controller_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"registers" integer[] NOT NULL,
	"readings" double precision[] NOT NULL
);
