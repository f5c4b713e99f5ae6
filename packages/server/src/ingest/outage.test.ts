import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessage, eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { bearer, signIn } from '../test/helpers.js';
import { startTcpProxy, targetOf, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';

const R = MAGLEV_BLOWER;
const BOXES = 3;
/** The boxes' keepalive: the outage lasts more than the 1.5 × keepalive after which a silent connection is ended. */
const KEEPALIVE_S = 2;
const OUTAGE_MS = 4000;
/** How soon the API answers and the ingest commits again once the database is back. */
const RECOVERY_MS = 5000;
/** Each box sends two messages at a time (two packets in one read for the broker) this often. */
const PUBLISH_EVERY_MS = 1000;

/**
 * A database outage under ingest, on PostgreSQL behind a proxy of the test's own that is cut
 * (connections refused, open ones reset). PGlite lives in the server's process and cannot be away.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a database outage under ingest (PostgreSQL)', () => {
  let proxy: TcpProxy;
  let t: DataPlaneTest;
  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    proxy = await startTcpProxy(targetOf(serverUrl));
    t = await startDataPlaneTest('postgres', 'embedded', { databaseServerUrl: throughProxy(serverUrl, proxy) });
  });
  afterAll(async () => {
    await proxy.restore();
    await t.dispose();
    await proxy.close();
  });

  it('answers 503 at once, keeps every box connected, and stores every acknowledged sample exactly once afterwards', async () => {
    const token = await signIn(t.app, 'demo_manager', 'demo123456');
    const boxes: { id: string; client: MqttClient }[] = [];
    const disconnects: string[] = [];
    for (let index = 0; index < BOXES; index += 1) {
      const id = t.boxId();
      const { secret } = await t.register({ id });
      const client = await t.connectBox(id, secret, { keepalive: KEEPALIVE_S });
      for (const event of ['close', 'offline'] as const) client.on(event, () => disconnects.push(`${id} ${event}`));
      boxes.push({ id, client });
    }

    // Every box publishes on a timer, as firmware does, whether or not its last message is acknowledged yet.
    const acknowledged = new Map<string, number[]>(boxes.map(({ id }) => [id, []]));
    const inFlight = new Set<Promise<void>>();
    let ts = Date.now() - 60_000;
    const publish = (id: string, client: MqttClient) => {
      const sampleTs = (ts += 1);
      // A message whose connection ended is not acknowledged; the assertions on disconnects tell.
      const published = client.publishAsync(boxTopics(id).data, dataMessage(sampleTs, sampleTs, { [R.speed]: sampleTs % 30_000 }), { qos: 1 }).then(
        () => void acknowledged.get(id)!.push(sampleTs),
        () => undefined,
      );
      inFlight.add(published);
      void published.finally(() => inFlight.delete(published));
    };
    const publishAll = () => {
      for (const { id, client } of boxes) for (let message = 0; message < 2; message += 1) publish(id, client);
    };
    publishAll();
    const publisher = setInterval(publishAll, PUBLISH_EVERY_MS);
    const count = () => [...acknowledged.values()].reduce((sum, list) => sum + list.length, 0);
    await eventually(() => (count() >= BOXES * 3 ? true : undefined), 'samples acknowledged before the outage');

    await proxy.cut();
    const cutAt = Date.now();
    // A browser signing in to live events while the database is away is told to come back (1013),
    // not signed out (4401, after which the console stops connecting).
    const closed = new Promise<number>((resolve) => {
      void t.app.injectWS(`/api/v2/ws?token=${token}`, {}, { onInit: (socket) => socket.on('close', (code) => resolve(code)) });
    });
    expect(await closed).toBe(1013);
    const asked = Date.now();
    const answer = await t.app.inject({ method: 'GET', url: '/api/v2/devices', headers: bearer(token) });
    const answeredInMs = Date.now() - asked;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toMatchObject({ code: 40111, message: '服务暂时不可用。' });
    expect(answeredInMs).toBeLessThan(1000);
    // Once the outage is known, the next answer does not even ask the database.
    const again = await t.app.inject({ method: 'GET', url: '/api/v2/devices', headers: bearer(token) });
    expect(again.statusCode).toBe(503);
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(health.statusCode).toBe(503);

    const acknowledgedAtCut = count();
    await eventually(() => (Date.now() - cutAt >= OUTAGE_MS ? true : undefined), 'the outage to last', OUTAGE_MS + 1000);
    // Nothing was acknowledged while the database was away: a PUBACK means committed.
    expect(count()).toBe(acknowledgedAtCut);
    expect(inFlight.size).toBeGreaterThanOrEqual(BOXES * 2);
    expect(disconnects).toEqual([]);
    await proxy.restore();

    // Both within seconds: the driver's reconnect delay is bounded (db/index.ts), so is the writer's.
    await eventually(
      async () => ((await t.app.inject({ method: 'GET', url: '/api/v2/devices', headers: bearer(token) })).statusCode === 200 ? true : undefined),
      'the API back',
      RECOVERY_MS,
    );
    await eventually(() => (count() > acknowledgedAtCut ? true : undefined), 'ingest resumed', RECOVERY_MS);
    clearInterval(publisher);
    await Promise.all(inFlight);

    expect(disconnects).toEqual([]);
    for (const { id } of boxes) {
      const stored = await t.rows<{ ts: number; samples: number }>(
        sql`select (extract(epoch from s.ts) * 1000)::float8 as ts, count(*)::int as samples from samples s join controllers c on c.id = s.controller_id
            where c.box_id = ${id} group by s.ts order by s.ts`,
      );
      expect(stored).toEqual(
        acknowledged
          .get(id)!
          .sort((a, b) => a - b)
          .map((sampleTs) => ({ ts: sampleTs, samples: 1 })),
      );
      // Counted once in the rollups too, though a batch was written more than once.
      await t.app.services.ingest.flushRollups();
      const [rollup] = await t.rows<{ count: number }>(
        sql`select sum(r.count)::int as count from rollups_hourly r join controllers c on c.id = r.controller_id where c.box_id = ${id} and r.register = ${R.speed}`,
      );
      expect(rollup!.count).toBe(stored.length);
    }
    expect(t.app.services.ingest.counters.retries).toBeGreaterThan(0);
  });
});
