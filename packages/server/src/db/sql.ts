import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Transaction } from './index.js';

const dialect = new PgDialect();

/** The postgres.js client under a drizzle database (not under a transaction, nor PGlite). */
type PostgresClient = { unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]> };

function postgresClientOf(db: object): PostgresClient | undefined {
  const client = (db as { $client?: Partial<PostgresClient> }).$client;
  return typeof client?.unsafe === 'function' ? (client as PostgresClient) : undefined;
}

/**
 * Raw SQL over either driver. `db.execute` answers `{rows}` on PGlite and an array on
 * postgres.js; timestamps come back as text and bigint as text on one of them, so hot-path
 * queries cast what they select (epoch milliseconds as float8, counts as int).
 *
 * On PostgreSQL the statement is prepared on its connection and reused there: drizzle's
 * `execute` sends an unnamed statement that is planned at every call, and planning cost more than
 * running a list page's query (BENCHMARKS.md). The text of these queries is fixed by the code
 * (values are parameters, arrays go as one array literal), so each connection holds a bounded set.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const client = postgresClientOf(db);
  if (client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.unsafe(text, params, { prepare: true })) as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * A statement whose text never changes, its text built once: `build` is given a placeholder for
 * each named value, and each run fills them in. Building a statement's text is Drizzle's walk over
 * its parts (an `is` check each), which a statement run for every ingest batch paid every time
 * (BENCHMARKS.md, issue 17). On PostgreSQL the text goes as it is, prepared like `queryRows`'s; on
 * PGlite and in a transaction, `build` is given the values and Drizzle runs it as usual.
 */
export function fixedStatement<Name extends string>(names: readonly Name[], build: (values: Record<Name, unknown>) => SQL) {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, unknown>;
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
  return async function run<T>(db: Pick<Db, 'execute'>, values: Record<Name, unknown>): Promise<T[]> {
    const client = postgresClientOf(db);
    if (client) return (await client.unsafe(text, fillPlaceholders(params, values), { prepare: true })) as T[];
    return queryRows<T>(db, build(values));
  };
}

/**
 * PostgreSQL array literals. Drizzle expands a JS array parameter into a list of parameters, so
 * bulk statements pass each column as one text parameter cast to its array type (`$1::int[]`),
 * which keeps a batch of any size at a handful of parameters and one round trip.
 */
export function numberArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** Arrays of numbers as one `text[]` literal of array literals, each for the statement to cast: `{"{1,2}","{3}"}`. */
export function numberArrays(arrays: readonly (readonly number[])[]): string {
  // A number's text has neither quotes nor backslashes: each array literal goes in quoted as it is.
  return `{${arrays.map((values) => `"{${values.join(',')}}"`).join(',')}}`;
}

export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

export function booleanArray(values: readonly boolean[]): string {
  return `{${values.map((value) => (value ? 't' : 'f')).join(',')}}`;
}

/**
 * The `code`s along an error's chain of causes, outermost first: Drizzle wraps the driver's error
 * as `cause`, and a driver may wrap a socket error in turn. The one place both SQLSTATEs and
 * connection errors are read from an error.
 */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

function sqlStateOf(error: unknown): string | undefined {
  return errorCodes(error).find((code) => /^[0-9A-Z]{5}$/.test(code));
}

/** SQLSTATE classes after which the same statement may well succeed: connection, resources, operator, rollback. */
const TRANSIENT_CLASSES = ['08', '40', '53', '57', '58', 'XX'];

/**
 * Whether a failed write is worth retrying as it is: the database went away or gave up for a
 * reason of its own. A data error (class 22, 23, ...) fails again however often it is retried.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = sqlStateOf(error);
  // No SQLSTATE: the connection broke (ECONNRESET, a closed client) before the server answered.
  return code === undefined || TRANSIENT_CLASSES.includes(code.slice(0, 2));
}

/** A deadlock or a serialization failure: PostgreSQL rolled the transaction back, and it may simply run again. */
const CONFLICTS = ['40P01', '40001'];
const CONFLICT_ATTEMPTS = 3;

/**
 * A transaction run again when PostgreSQL rolls it back for a conflict with another one (deleting a
 * box while the ingest writes its samples locks the same rows in the other order): the request
 * answers as if it had come a moment later, instead of 500.
 */
export async function transactionRetryingConflicts<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = sqlStateOf(error);
      if (attempt >= CONFLICT_ATTEMPTS || code === undefined || !CONFLICTS.includes(code)) throw error;
    }
  }
}
