import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { IN_MEMORY } from '../config.js';
import { createDatabase, type Database } from '../db/index.js';
import { startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { testConfig } from '../test/helpers.js';
import { addChannel, clearChannels, clearFault, setPreferences, settled, tripFault } from '../test/notices.js';
import { startHttpReceiver, startSmtpServer, type HttpReceiver, type SmtpReceiver } from '../test/receivers.js';

/**
 * Two server instances on one PostgreSQL (each with its own connections) and one Redis bus, both
 * delivering the same outbox: every delivery reaches its receiver once.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('notification delivery by two instances', () => {
  let t: DataPlaneTest;
  let second: App;
  let secondDatabase: Database;
  let smtp: SmtpReceiver;
  let http: HttpReceiver;
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(process.env.TEST_REDIS_URL!);
    connections.push(connection);
    return connection;
  };
  /** Each instance signs its mails with its own From, to see that both took part. */
  const env = (from: string) => ({
    SMTP_URL: smtp.url,
    SMTP_FROM: from,
    NOTIFY_CONCURRENCY: '2',
    NOTIFY_RETRY_BASE_MS: '20',
    NOTIFY_SEND_TIMEOUT_MS: '2000',
    NOTIFY_LOCK_MS: '10000',
  });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Slow enough answers that both instances have sends in flight at once.
    http = await startHttpReceiver(() => ({ status: 200, delayMs: 30 }));
    const prefix = `cloudbox-test-${randomBytes(4).toString('hex')}:`;
    t = await startDataPlaneTest('postgres', 'embedded', { env: { ...env('first@one.example'), REDIS_KEY_PREFIX: prefix }, redis: redis() });
    const [{ name }] = (await t.rows<{ name: string }>(sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    secondDatabase = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
    second = buildApp({ config: testConfig({ ...env('second@two.example'), REDIS_KEY_PREFIX: prefix }), database: secondDatabase, redis: redis() });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await t?.dispose();
    await Promise.all(connections.map((connection) => connection.quit()));
    await http?.close();
    await smtp?.close();
  });

  it('sends each delivery once though both instances take from the outbox', async () => {
    const db = t.database.db;
    await clearChannels(db);
    await addChannel(db, 'demo_manager', { kind: 'email', target: 'manager@example.com' });
    await addChannel(db, 'demo_manager', { kind: 'webhook', target: `${http.url}/hook`, secret: 'pair-secret' });
    await setPreferences(db, 'demo_manager', { fault: ['email', 'webhook'], normal: ['email', 'webhook'] });
    const boxes = [];
    for (let index = 0; index < 6; index += 1) {
      const id = t.boxId();
      const { secret } = await t.register({ id });
      boxes.push({ id, box: await t.connectBox(id, secret) });
    }
    // Both workers look for work all the time, as busy instances would.
    const kick = setInterval(() => {
      t.app.services.outbox.wake();
      second.services.outbox.wake();
    }, 5);
    try {
      const start = Date.now() - 60_000;
      await Promise.all(
        boxes.map(async ({ id, box }) => {
          await tripFault(db, box, id, start, 1);
          await clearFault(db, box, id, start + 5000, 2);
        }),
      );
      for (const { id } of boxes) {
        const rows = await settled(db, id, 4, 20_000);
        expect(rows.map((row) => row.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
      }
    } finally {
      clearInterval(kick);
    }
    const keys = http.requests.map((request) => String(request.headers['x-cloudbox-delivery']));
    expect(keys).toHaveLength(boxes.length * 2);
    expect(new Set(keys).size).toBe(keys.length);
    const messageIds = smtp.mails.map((mail) => mail.messageId);
    expect(messageIds).toHaveLength(boxes.length * 2);
    expect(new Set(messageIds.map((id) => id.split('@')[0])).size).toBe(messageIds.length);
    // Both instances sent some (else this test would not show that they never send one twice).
    expect(new Set(smtp.mails.map((mail) => mail.from))).toEqual(new Set(['first@one.example', 'second@two.example']));
  });
});
