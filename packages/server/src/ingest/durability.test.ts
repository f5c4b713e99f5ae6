import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { dataMessage, dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { DATABASE_KINDS } from '../test/helpers.js';

const R = MAGLEV_BLOWER;
const dialect = new PgDialect();

/**
 * PGlite runs in this process and has no connection to cut: the writer's handle to it is closed
 * under the ingest for the next attempts instead (its statements fail as on a closed PGlite).
 */
function closablePglite(database: Database) {
  let failures = 0;
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (query: SQL) => {
        if (failures > 0 && dialect.sqlToQuery(query).sql.includes('insert into samples')) {
          failures -= 1;
          return Promise.reject(new Error('PGlite is closed'));
        }
        return target.execute(query);
      };
    },
  });
  return { database: { ...database, db }, closeFor: (attempts: number) => (failures = attempts) };
}

describe.each(dataPlaneTargets(DATABASE_KINDS))('a database failure mid-batch on %s with the %s broker', (kind, broker) => {
  let t: DataPlaneTest;
  let closeFor: (attempts: number) => void = () => undefined;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, broker, {
      wrapDatabase(database) {
        if (kind !== 'pglite') return database;
        const closable = closablePglite(database);
        closeFor = closable.closeFor;
        return closable.database;
      },
    });
  });
  afterAll(() => t.dispose());

  /**
   * On PostgreSQL, a real cut: the batch's statement waits on a lock, its backend is terminated
   * (pg_terminate_backend) while it runs, then the lock goes.
   */
  async function cutTheWriter(whileCut: () => Promise<void>): Promise<void> {
    if (kind === 'pglite') {
      closeFor(2);
      await whileCut();
      return;
    }
    // pg_stat_activity is read from another connection than the lock's: within a transaction it
    // is a snapshot taken at its first read, which would never show the batch arriving later.
    const waiting = () =>
      queryRows<{ pid: number }>(t.database.db, sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table latest_values in exclusive mode`);
      await whileCut();
      // Generous: on a shared Mosquitto the batch may queue behind other tests' messages.
      const [batch] = await eventually(
        async () => {
          const pids = await waiting();
          return pids.length > 0 ? pids : undefined;
        },
        'the batch waiting on the lock',
        30_000,
      );
      await tx.execute(sql`select pg_terminate_backend(${batch!.pid})`);
    });
  }

  it('stores every message exactly once: the batch is written again, and what the box sends again is not counted twice', { timeout: 90_000 }, async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    // A box that reconnects by itself and sends again what was not acknowledged.
    const box = await t.connectBox(id, secret, { reconnectPeriod: 100 });
    const counters = t.app.services.ingest.counters;
    const retriesBefore = counters.retries;
    const start = Date.now() - 60_000;
    const messages = Array.from({ length: 5 }, (_, index) => dataMessage(start + index * 1000, index, { [R.speed]: 10_000 + index, [R.power]: 500 + index }));
    let published: Promise<unknown>[] = [];

    const receivedBefore = counters.received.data;
    const duplicatesBefore = counters.duplicates;
    await cutTheWriter(async () => {
      published = messages.map((message) => box.publishAsync(boxTopics(id).data, message, { qos: 1 }));
      if (broker === 'embedded') {
        await eventually(() => (counters.received.data >= receivedBefore + messages.length ? true : undefined), 'the messages at the server');
        // The connection drops before any acknowledgement: the box sends all five again.
        box.stream.destroy();
      } else {
        // Mosquitto has acknowledged them to the box; a box that missed those acks sends them again.
        // (The server's received count is no sign of these here: on a shared Mosquitto it counts
        // every parallel test's boxes. The cut waits for this box's batch on the lock instead.)
        published.push(...messages.map((message) => box.publishAsync(boxTopics(id).data, message, { qos: 1 })));
      }
    });
    await Promise.all(published);

    const stored = await eventually(
      async () => {
        const rows = await t.rows<{ ts: number }>(
          sql`select (extract(epoch from s.ts) * 1000)::float8 as ts from samples s join controllers c on c.id = s.controller_id where c.box_id = ${id} order by s.ts`,
        );
        return rows.length >= 5 ? rows : undefined;
      },
      'the five samples',
      30_000,
    );
    expect(stored.map((row) => row.ts)).toEqual(messages.map((_, index) => start + index * 1000));
    // The daily rollups are these hours combined when read.
    await t.app.services.ingest.flushRollups();
    const [rollup] = await t.rows<{ count: number; sum: number }>(
      sql`select sum(r.count)::int as count, sum(r.sum)::float8 as sum from rollups_hourly r join controllers c on c.id = r.controller_id
          where c.box_id = ${id} and r.register = ${R.speed}`,
    );
    expect(rollup).toEqual({ count: 5, sum: 50_010 });
    if (broker === 'embedded') expect(counters.retries).toBeGreaterThan(retriesBefore);
    // Each message came twice. The five samples can show before the second copies reach the
    // writer (through Mosquitto they travel apart from the first), so they are waited for.
    await eventually(() => (counters.duplicates - duplicatesBefore >= messages.length ? true : undefined), 'the second copies counted as duplicates', 30_000);
    expect(counters.rejected.store_failed).toBe(0);
  });
});
