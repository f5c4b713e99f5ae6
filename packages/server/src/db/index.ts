import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { IN_MEMORY, type Config } from '../config.js';
import { packagePath } from '../paths.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

/** The query builder every module uses; the same type over PGlite and over a real PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The `tx` of `db.transaction((tx) => ...)`: statements on it commit or roll back together. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Where a statement runs: the database, or an open transaction, so that a step of a multi-step
 * write (its operation-log entries, the relations it ends) commits with the rest.
 */
export type Executor = Db | Transaction;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of packages/server/drizzle that this database has not seen yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within a few seconds; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = packagePath('drizzle');
const PING_TIMEOUT_MS = 3000;

/**
 * Opens the database of the configuration: PostgreSQL when DATABASE_URL is set, else an embedded
 * PGlite whose files live in DATA_DIR/pglite (or in memory for `:memory:`), locked against a second process.
 */
export async function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { pgliteSnapshot?: Blob } = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, options.pgliteSnapshot);
}

/**
 * `snapshot`: an in-memory database starts from this data directory (`PGlite.dumpDataDir`) instead
 * of a fresh initdb, which takes seconds (the tests start from one migrated snapshot).
 */
async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  let client: PGlite;
  let release = async () => {};
  if (dataDir === IN_MEMORY) {
    client = new PGlite(snapshot ? { loadDataDir: snapshot } : {});
  } else {
    const folder = path.join(dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    release = await lockDataDir(folder);
    client = new PGlite(folder);
  }
  try {
    await client.waitReady;
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => pingWithin(db),
    close: async () => {
      await client.close();
      await release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // Migrations and idempotent DDL raise NOTICEs ("already exists, skipping"): not worth a log line.
  // JIT compilation pays off for long analytical scans; every query here is short, and a device
  // list page crossed its cost threshold and spent more time compiling than running (BENCHMARKS.md).
  // postgres.js waits before reconnecting a connection that failed, by default 3^failures / 100 s
  // up to 20 s, counting failures across connections: after an outage of 15 s the API and the
  // ingest stayed away for up to 20 s more. An attempt is one refused or accepted connect, so
  // trying at most every second costs nothing and ends the outage when the database returns.
  const client = postgres(url, { max: 10, connect_timeout: 10, backoff: reconnectDelaySeconds, onnotice: () => {}, connection: { jit: 'off' } });
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => pingWithin(db),
    close: () => client.end({ timeout: 5 }),
  };
}

function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1);
}

async function pingWithin(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
