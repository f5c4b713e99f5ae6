/**
 * The database schema, one file per resource under ./schema/; drizzle-kit reads this file
 * (drizzle.config.ts) and every module imports its tables from here. Time series (samples, hourly
 * and daily rollups) are partitioned tables that Drizzle cannot express: the hand-written migration
 * 0002 creates them and ./timeseries.ts types them.
 */
export * from './schema/accounts.js';
export * from './schema/boxes.js';
export * from './schema/device-types.js';
export * from './schema/operations.js';
export * from './schema/notices.js';
export * from './schema/services.js';
export * from './schema/jobs.js';
