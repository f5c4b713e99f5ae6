-- Time series of the device data plane (see ARCHITECTURE-dataplane.md). Drizzle cannot declare
-- partitioned tables, so they are written here and typed in src/db/timeseries.ts. The server
-- creates the partitions ahead of the data (src/ingest/partitions.ts) and drops expired ones.

-- One row per controller sample: register numbers and their decoded values as two parallel arrays.
-- The primary key dedupes redelivered messages (same controller, same sample time).
CREATE TABLE "samples" (
	"controller_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"registers" integer[] NOT NULL,
	"readings" double precision[] NOT NULL,
	CONSTRAINT "samples_pkey" PRIMARY KEY ("controller_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Hourly buckets start at the hour in the CK's time zone, daily ones at its local midnight.
-- high = max and low = min: a K-line's high and low are the bucket's extremes.
CREATE TABLE "rollups_hourly" (
	"controller_id" integer NOT NULL,
	"register" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"close" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"open_ts" timestamp with time zone NOT NULL,
	"close_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "rollups_hourly_pkey" PRIMARY KEY ("controller_id", "register", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "rollups_daily" (
	"controller_id" integer NOT NULL,
	"register" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"close" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"open_ts" timestamp with time zone NOT NULL,
	"close_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "rollups_daily_pkey" PRIMARY KEY ("controller_id", "register", "bucket")
);
