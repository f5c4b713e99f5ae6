import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { queryRows, textArray } from '../db/sql.js';

/**
 * Test PGlites that a worker reuses: a test file's database, once disposed, is brought back to the
 * state of a fresh copy of its snapshot (tables, rows, sequences) and handed to the next file that
 * asks for the same snapshot. A fresh copy costs about 1.5 s of CPU (loading 25 MB of files into
 * the WebAssembly's memory, starting the backend); the way back costs what the file wrote.
 */

/** What a fresh copy of a snapshot holds, read from the first copy a worker opens. */
interface Baseline {
  /** Every table of the schema `public`, partitioned parents and partitions included. */
  tables: string[];
  /** How many relations (tables, indexes, sequences, views) `public` has: a database whose count differs after the tables made since are dropped is not reused. */
  relations: number;
  /** Tables with rows, each as `json_agg` of them, in the order they were read. */
  rows: { table: string; columns: string[]; json: string }[];
  /** Every sequence's value (`null`: never called). */
  sequences: { name: string; value: string | null; start: string }[];
}

interface Pool {
  baseline?: Baseline;
  idle: Database[];
}

const pools = new Map<string, Pool>();

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function readBaseline(database: Database): Promise<Baseline> {
  const db = database.db;
  const tables = await queryRows<{ name: string; leaf: boolean }>(
    db,
    sql`select relname as name, relkind = 'r' as leaf from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by oid`,
  );
  const rows: Baseline['rows'] = [];
  for (const { name } of tables.filter((table) => table.leaf)) {
    const [{ json }] = (await queryRows<{ json: string | null }>(db, sql.raw(`select json_agg(t)::text as json from ${quoted(name)} t`))) as [
      { json: string | null },
    ];
    if (json === null) continue;
    const columns = await queryRows<{ name: string }>(
      db,
      sql`select attname as name from pg_attribute where attrelid = ${quoted(name)}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    );
    rows.push({ table: name, columns: columns.map((column) => column.name), json });
  }
  const sequences = await queryRows<{ name: string; value: string | null; start: string }>(
    db,
    sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as value, start_value::text as start from pg_sequences`,
  );
  return { tables: tables.map((table) => table.name), relations: await relationCount(database), rows, sequences };
}

async function relationCount(database: Database): Promise<number> {
  const [{ count }] = (await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from pg_class where relnamespace = 'public'::regnamespace`,
  )) as [{ count: number }];
  return count;
}

/** Brings `database` back to `baseline`; false when it cannot be (a relation made that is not a table). */
async function restore(database: Database, baseline: Baseline): Promise<boolean> {
  const db = database.db;
  const made = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and relname <> all(${textArray(baseline.tables)}::text[])`,
  );
  for (const { name } of made) await db.execute(sql.raw(`drop table if exists ${quoted(name)} cascade`));
  if ((await relationCount(database)) !== baseline.relations) return false;
  const written = await queryRows<{ name: string }>(
    db,
    sql.raw(
      `select name from (values ${baseline.tables.map((table) => `(${literal(table)}, exists (select from ${quoted(table)}))`).join(', ')}) as t(name, written) where written`,
    ),
  );
  const emptied = new Set([...written.map((table) => table.name), ...baseline.rows.map((rows) => rows.table)]);
  const statements: SQL[] = [];
  if (emptied.size > 0) statements.push(sql.raw(`truncate ${[...emptied].map(quoted).join(', ')} cascade`));
  // Rows go back in as read, before their foreign keys' rows maybe: triggers (and with them the keys' checks) stay off meanwhile.
  statements.push(sql`set local session_replication_role = replica`);
  for (const { table, columns, json } of baseline.rows) {
    const list = columns.map(quoted).join(', ');
    statements.push(
      sql`insert into ${sql.raw(quoted(table))} (${sql.raw(list)}) overriding system value select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quoted(table))}, ${json}::json)`,
    );
  }
  for (const { name, value, start } of baseline.sequences) {
    statements.push(
      value === null ? sql`select setval(${name}::regclass, ${start}::bigint, false)` : sql`select setval(${name}::regclass, ${value}::bigint, true)`,
    );
  }
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
  return true;
}

/** A database of the pool `key` brought back to its baseline, or a fresh one from `open`. */
export async function takePooled(key: string, open: () => Promise<Database>): Promise<Database> {
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { idle: [] }));
  const reused = pool.idle.pop();
  if (reused) return reused;
  const database = await open();
  pool.baseline ??= await readBaseline(database);
  return database;
}

/** Gives `database` back to the pool `key` in its baseline state, or closes it when it cannot be brought back. */
export async function givePooled(key: string, database: Database): Promise<void> {
  const pool = pools.get(key)!;
  // Given back twice (a file that disposes in a test and again after all): it must not be handed out twice.
  if (pool.idle.includes(database)) return;
  // A database its test closed fails the restore (and the close below) with "PGlite is closed".
  const restored = await restore(database, pool.baseline!).catch(() => false);
  if (restored) pool.idle.push(database);
  else await database.close().catch(() => {});
}
