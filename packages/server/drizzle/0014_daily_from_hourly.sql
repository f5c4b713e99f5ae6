-- Daily rollups are the local days of the hourly ones, combined when read (src/db/timeseries.ts,
-- dailyRollups): every daily row was written from the same hourly groups in the same statement, so
-- dropping them loses nothing, and ingest no longer upserts a second row per register and batch.
DROP TABLE IF EXISTS "rollups_daily";
