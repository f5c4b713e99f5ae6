import { randomBytes, randomInt } from 'node:crypto';
import type { BoxWithSecret, RegisterBoxInput, TemplateRights } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { Redis } from 'ioredis';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Database } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { buildApp, type App } from '../app.js';
import { bearer, DATABASE_KINDS, envelopeOf, signIn, startTestApp, testConfig, type DatabaseKind, type TestApp } from './helpers.js';
import { bindToCkManagers } from './fleet.js';

/**
 * The brokers the data-plane tests run on: always the embedded one, and the Mosquitto at
 * TEST_MQTT_URL when it is set (the server then subscribes there as an external broker's client).
 */
export type BrokerKind = 'embedded' | 'mosquitto';
export const BROKER_KINDS: BrokerKind[] = process.env.TEST_MQTT_URL ? ['embedded', 'mosquitto'] : ['embedded'];

/** Every combination of database and broker the data plane is tested on. */
export function dataPlaneTargets(kinds: DatabaseKind[]): [DatabaseKind, BrokerKind][] {
  return kinds.flatMap((database) => BROKER_KINDS.map((broker) => [database, broker] as [DatabaseKind, BrokerKind]));
}

export interface DataPlaneTest extends TestApp {
  broker: BrokerKind;
  /** The broker boxes connect to. */
  url: string;
  rootToken: string;
  /** A box id nobody else uses on a shared broker. */
  boxId(): string;
  register(box: Partial<RegisterBoxInput> & { id: string }): Promise<BoxWithSecret>;
  connectBox(id: string, secret: string, options?: IClientOptions): Promise<MqttClient>;
  rows<T>(query: SQL): Promise<T[]>;
  /** Gives a user a model (permission template) of these rights and a read-only share of the box from demo_manager. */
  shareUnderModel(username: string, boxId: string, rights: TemplateRights): Promise<void>;
}

const MAGLEV = [{ station: 1, device_type: 'maglev_blower' }];

/**
 * A test app with the data plane on the given broker. On Mosquitto each app gets a share group
 * and client ids of its own, so test files running side by side do not take each other's messages.
 */
export async function startDataPlaneTest(
  database: DatabaseKind,
  broker: BrokerKind,
  options: { env?: Record<string, string>; wrapDatabase?: (database: Database) => Database; redis?: Redis; databaseServerUrl?: string } = {},
): Promise<DataPlaneTest> {
  const run = randomBytes(4).toString('hex');
  const external: Record<string, string> =
    broker === 'mosquitto'
      ? { MQTT_URL: process.env.TEST_MQTT_URL!, MQTT_SHARE_GROUP: `test-${run}`, MQTT_CLIENT_ID: `cloudbox-test-${run}`, MQTT_INGEST_CONNECTIONS: '2' }
      : {};
  const t = await startTestApp(database, {
    env: { ...external, ...options.env },
    wrapDatabase: options.wrapDatabase,
    redis: options.redis,
    databaseServerUrl: options.databaseServerUrl,
  });
  const info = t.app.services.broker.view.info();
  const url = broker === 'mosquitto' ? process.env.TEST_MQTT_URL! : `mqtt://127.0.0.1:${info.tcpPort}`;
  const rootToken = await signIn(t.app, 'demo_root', 'demo123456');
  const clients: MqttClient[] = [];
  const used = new Set<string>();
  const prefix = String(randomInt(100_000, 999_999));
  let next = 0;
  return {
    ...t,
    broker,
    url,
    rootToken,
    boxId: () => `${prefix}${String((next += 1)).padStart(3, '0')}`,
    async register(box) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/boxes',
        headers: bearer(rootToken),
        payload: { ck: '1001', controllers: MAGLEV, ...box },
      });
      if (response.statusCode !== 200) throw new Error(`registering ${box.id} failed: ${response.body}`);
      await bindToCkManagers(t.database.db, [box.id]);
      return envelopeOf<BoxWithSecret>(response).data;
    },
    async connectBox(id, secret, options = {}) {
      used.add(id);
      const client = await mqtt.connectAsync(url, { clientId: `box-${id}`, username: id, password: secret, reconnectPeriod: 0, ...options });
      clients.push(client);
      return client;
    },
    rows: (query) => queryRows(t.database.db, query),
    async shareUnderModel(username, boxId, rights) {
      const [user] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = ${username}`);
      await t.database.db.execute(sql`with template as (
          insert into permission_templates (ck, name, level, rights) values ('1001', ${`${username} on ${boxId}`}, 0, ${JSON.stringify(rights)}::jsonb) returning id
        ) update users set template_id = (select id from template) where id = ${user!.id}`);
      await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
        select ${boxId}, ${user!.id}, id, 'read' from users where username = 'demo_manager'`);
      t.app.services.bus.publish('scopes-changed', { userIds: [user!.id] });
    },
    async dispose() {
      await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
      await t.dispose();
      if (broker === 'mosquitto') {
        await forgetSessions(
          url,
          Array.from({ length: 2 }, (_, index) => `cloudbox-test-${run}-ingest-${index}`),
        );
        await forgetRetained(url, [...used]);
      }
    },
  };
}

/** Ends the persistent sessions the server kept on Mosquitto, so test runs leave nothing behind. */
async function forgetSessions(url: string, clientIds: string[]): Promise<void> {
  for (const clientId of clientIds) {
    const client = await mqtt.connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 }).catch(() => undefined);
    await client?.endAsync();
  }
}

/** Clears the statuses the test boxes left retained on a shared broker. */
async function forgetRetained(url: string, boxIds: string[]): Promise<void> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 }).catch(() => undefined);
  if (!client) return;
  await Promise.all(boxIds.map((id) => client.publishAsync(`cloudbox/${id}/up/status`, '', { qos: 1, retain: true })));
  await client.endAsync();
}

/**
 * Polls until `check` returns something other than undefined. A timeout names the longest time
 * between two checks: far above the 25 ms poll, the process itself was stalled (a long synchronous
 * query, a collection), not only the thing waited for.
 */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let checkedAt = Date.now();
  let longestPause = 0;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    longestPause = Math.max(longestPause, Date.now() - checkedAt);
    checkedAt = Date.now();
    if (checkedAt > deadline) throw new Error(`timed out waiting for ${what} (longest time between two checks: ${longestPause} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A data message as a box sends it. */
export function dataMessage(ts: number, seq: number, values: Record<string, unknown>, station = 1): string {
  return JSON.stringify({ ts, seq, controllers: [{ station, values }] });
}

/**
 * Resolves once a message published on one instance's bus has reached the other's, so a test's
 * first cross-instance event does not race the Redis subscriptions; fails saying so if none does.
 */
async function busCarries(from: App, to: App): Promise<void> {
  const probe = `bus-probe-${randomBytes(4).toString('hex')}`;
  let heard = false;
  to.services.bus.subscribe('box-changed', ({ boxId }) => {
    if (boxId === probe) heard = true;
  });
  await eventually(() => {
    if (heard) return true;
    from.services.bus.publish('box-changed', { boxId: probe });
    return undefined;
  }, 'a message from one instance to the other over the Redis bus');
}

/**
 * Two server instances on one database and one Redis bus (TEST_REDIS_URL, a key prefix of their
 * own): the data-plane test app, and a second app as another instance behind the load balancer.
 * The database is PostgreSQL when TEST_DATABASE_URL names one, as wherever instances run side by
 * side (PGlite would run both instances' queries on the test's own thread, between their messages).
 */
export async function startInstancePair(): Promise<{
  t: DataPlaneTest;
  second: App;
  /** Has Redis drop both instances' bus subscriptions (CLIENT KILL), as a restart or a network cut would; resolves with how many it dropped. */
  cutBus(): Promise<number>;
  dispose(): Promise<void>;
}> {
  const prefix = `cloudbox-test-${randomBytes(4).toString('hex')}:`;
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(process.env.TEST_REDIS_URL!);
    connections.push(connection);
    return connection;
  };
  const t = await startDataPlaneTest(DATABASE_KINDS.at(-1)!, 'embedded', { env: { REDIS_KEY_PREFIX: prefix }, redis: redis() });
  const second = buildApp({ config: testConfig({ REDIS_KEY_PREFIX: prefix }), database: t.database, redis: redis() });
  await second.ready();
  await busCarries(t.app, second);
  await busCarries(second, t.app);
  return {
    t,
    second,
    async cutBus() {
      const clients = String(await connections[0]!.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
      const ids = [...clients.matchAll(/^id=(\d+) .* name=(\S+) /gm)].filter(([, , name]) => name === `${prefix}realtime:bus`).map(([, id]) => id!);
      for (const id of ids) await connections[0]!.call('CLIENT', 'KILL', 'ID', id);
      return ids.length;
    },
    async dispose() {
      await second.close();
      await t.dispose();
      await Promise.all(connections.map((connection) => connection.quit()));
    },
  };
}
