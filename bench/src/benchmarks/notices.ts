import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, MESSAGE_TYPES, type LocalizedText } from '@cloudbox/domain';
import { createDatabase, type Database } from '@cloudbox/server/dist/db/index.js';
import type { RecordToOpen } from '@cloudbox/server/dist/ingest/events.js';
import { closeRecords, openRecords, queueNoticeEvents, type StoredRecord } from '@cloudbox/server/dist/ingest/store.js';
import postgres from 'postgres';
import { startServer, type DatabaseTarget, type RunningServer } from '../server.js';
import { percentile } from '../statistics.js';
import type { Benchmark } from '../types.js';

/**
 * The notification path in a fleet-wide storm (a power cut trips many machines at once): fault
 * records and their notice events written the way the ingest writes them, then the fan-out
 * (notifications, outbox rows) and the delivery worker (signed webhooks to a receiver here).
 */

/** Fault records opened at once: every demo controller's event rules in turn. PGlite (single-threaded WebAssembly) gets fewer. */
const STORM_EVENTS = { postgres: 2000, pglite: 1000 } as const;
/** Users with a webhook channel and every type chosen for it (CK-wide readers of the first CK). */
const WEBHOOK_USERS = 50;
/** Records of the first CK ended at once in the outbox storm (power back): each one a delivery per webhook user. */
const RECOVERIES = { postgres: 100, pglite: 40 } as const;
const POLL_MS = 20;
const TIMEOUT_MS = 120_000;
const FIRST_CK = '1001';

function log(message: string): void {
  console.log(`  notices: ${message}`);
}

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

async function rows<T>(database: Pick<Database, 'db'>, statement: string): Promise<T[]> {
  const result = (await database.db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`notices: ${what} did not happen within ${TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/* ------------------------------------------------------------------------------------------- */
/* The server and its database. PostgreSQL is written beside the running server; PGlite, held   */
/* by the server's process, only while the server is stopped (it is started again after).       */

interface Session {
  kind: DatabaseTarget['kind'];
  /** The server now running (PGlite: a new process after each write). */
  current(): RunningServer;
  /** Work on the database; `restart: false` leaves a PGlite server stopped (the last read). */
  withDatabase<T>(work: (database: Database) => Promise<T>, restart?: boolean): Promise<T>;
}

const sessions = new Map<RunningServer, Session>();

async function startSession(target: DatabaseTarget): Promise<RunningServer> {
  const env: Record<string, string> = { DEMO_SIMULATOR: '0', MQTT_PORT: '0' };
  let cleanup: () => Promise<void>;
  let open: () => Promise<Database>;
  let live: Database | undefined;
  if (target.kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-bench-notices-'));
    env.DATA_DIR = dataDir;
    open = () => createDatabase({ dataDir, databaseUrl: undefined });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `cloudbox_bench_notices_${process.pid}_${Date.now()}`;
    const admin = postgres(target.adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(target.adminUrl!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    open = () => createDatabase({ dataDir: ':memory:', databaseUrl: url.toString() });
    cleanup = async () => {
      await live?.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  // startServer makes a database of its own only for a postgres target: this one is made above.
  const boot = () => startServer({ kind: 'pglite' }, env);
  let server = await boot().catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  const session: Session = {
    kind: target.kind,
    current: () => server,
    async withDatabase(work, restart = true) {
      if (target.kind === 'postgres') return work((live ??= await open()));
      await server.stop();
      const database = await open();
      try {
        return await work(database);
      } finally {
        await database.close();
        if (restart) server = await boot();
      }
    },
  };
  const running: RunningServer = {
    get baseUrl() {
      return server.baseUrl;
    },
    get pid() {
      return server.pid;
    },
    exited: () => server.exited(),
    async stop() {
      await server.stop();
      await cleanup();
      sessions.delete(running);
    },
  };
  sessions.set(running, session);
  return running;
}

/** A demo user's GET calls on the server now running (signing in again after a restart). */
function demoApi(session: Session, username: string) {
  let token = '';
  let signedInTo = '';
  return async <T>(path: string): Promise<T> => {
    const { baseUrl } = session.current();
    if (signedInTo !== baseUrl) {
      const login = await fetch(`${baseUrl}/api/v2/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      token = ((await login.json()) as { data: { token: string } }).data.token;
      signedInTo = baseUrl;
    }
    const response = await fetch(`${baseUrl}/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  };
}

/** demo_root's calls: everyone's events reach root's inbox, so its unread count follows the fan-out. */
function rootApi(session: Session) {
  const call = demoApi(session, 'demo_root');
  return {
    unread: () => call<number>('/notifications/unread-count'),
    sent: async () => (await call<{ total: number }>('/notice-deliveries?state=sent&page_size=1')).total,
  };
}

/**
 * The server answers before demo mode has registered its boxes (one at a time) and bound them to
 * their owners (one transaction, last): demo_manager seeing a device means both are done.
 */
async function demoReady(session: Session): Promise<void> {
  const call = demoApi(session, 'demo_manager');
  await until('the demo boxes', async () => (await call<{ total: number }>('/devices?page=1&page_size=1')).total > 0);
}

/* ------------------------------------------------------------------------------------------- */
/* The storms, written as the ingest writes them (`openRecords`, `closeRecords`, `queueNoticeEvents` in one transaction). */

interface Rule {
  id: number;
  device_type_id: string;
  severity: 'alert' | 'fault';
  code: number;
  register: number;
  message: LocalizedText;
}

/**
 * Opens `count` records: each controller's rules in turn, controllers in order (a power cut
 * everywhere). The demo's types have a few rules each; copies of each type's first rule, disabled
 * (the ingest never opens them), stand for the rest of what a power cut trips.
 */
async function openStorm(database: Database, count: number): Promise<StoredRecord[]> {
  const controllers = await rows<{ id: number; device_type_id: string }>(database, 'select id, device_type_id from controllers order by id');
  await database.db.execute(`insert into event_rules (device_type_id, code, register, condition, severity, message, enabled)
    select r.device_type_id, 9000 + k, r.register, r.condition, r.severity, r.message, false
    from (select distinct on (device_type_id) * from event_rules order by device_type_id, id) r
    cross join generate_series(1, ${Math.ceil(count / controllers.length)}) as k
    on conflict (device_type_id, code) do nothing`);
  const rules = await rows<Rule>(database, 'select id, device_type_id, severity, code, register, message from event_rules order by enabled desc, id');
  const byType = new Map<string, Rule[]>();
  for (const rule of rules) byType.set(rule.device_type_id, [...(byType.get(rule.device_type_id) ?? []), rule]);
  const now = Date.now();
  const records: RecordToOpen[] = [];
  for (let round = 0; records.length < count; round += 1) {
    const before = records.length;
    for (const controller of controllers) {
      const rule = byType.get(controller.device_type_id)?.[round];
      if (rule && records.length < count)
        records.push({
          controllerId: controller.id,
          ruleId: rule.id,
          severity: rule.severity,
          code: rule.code,
          message: rule.message,
          register: rule.register,
          value: 0,
          startedAt: now,
          endedAt: null,
        });
    }
    if (records.length === before) break;
  }
  return database.db.transaction(async (tx) => {
    const opened = await openRecords(tx, records);
    await queueNoticeEvents(tx, opened, []);
    return opened;
  });
}

/** Ends `count` of these records on the first CK's boxes (power back: recoveries, type normal). */
async function recoveryStorm(database: Database, count: number): Promise<number> {
  const ids = await rows<{ controller_id: number; rule_id: number }>(
    database,
    `select f.controller_id, f.rule_id from fault_records f join controllers c on c.id = f.controller_id join boxes b on b.id = c.box_id
     where f.ended_at is null and f.rule_id is not null and b.ck = '${FIRST_CK}' order by f.id limit ${count}`,
  );
  const endedAt = Date.now();
  return database.db.transaction(async (tx) => {
    const closed = await closeRecords(
      tx,
      ids.map((row) => ({ controllerId: row.controller_id, ruleId: row.rule_id, endedAt })),
    );
    await queueNoticeEvents(tx, [], closed);
    return closed.length;
  });
}

/** `count` CK-wide readers of the first CK (market), each with a webhook to `url` and every type chosen for webhooks. */
async function webhookUsers(database: Database, count: number, url: string): Promise<void> {
  const push = JSON.stringify(Object.fromEntries(MESSAGE_TYPES.map((type) => [type, ['webhook']])));
  await database.db.transaction(async (tx) => {
    await tx.execute(`insert into users (username, password_hash, roles, ck)
      select 'bench_hook_' || n, 'not a hash: cannot sign in', '{market}', '${FIRST_CK}' from generate_series(1, ${count}) as n`);
    await tx.execute(`insert into notice_channels (user_id, kind, name, target, secret, language)
      select id, 'webhook', 'bench', '${url}/' || id, 'bench-secret', 'en' from users where username like 'bench_hook_%'`);
    await tx.execute(`insert into notification_preferences (user_id, push)
      select id, '${push}'::jsonb from users where username like 'bench_hook_%'`);
  });
}

/* ------------------------------------------------------------------------------------------- */

/** A local webhook receiver answering 200 at once; keeps each delivery's arrival time (epoch ms) and event. */
async function receiver(): Promise<{ url: string; arrivals: { at: number; key: string }[]; close(): Promise<void> }> {
  const arrivals: { at: number; key: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      response.writeHead(200).end();
      arrivals.push({ at, key: (JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Batch {
  taken: number;
  events: number;
}

/** The fan-out's transactions over these events: when each took its events (`fanned_out_at`, the transaction's start) and how many. */
async function batchesOf(database: Database, eventIds: string): Promise<{ batches: Batch[]; notifications: number; deliveries: number }> {
  const batches = await rows<Batch>(
    database,
    `select (extract(epoch from fanned_out_at) * 1000)::float8 as taken, count(*)::int as events
     from notice_events where ${eventIds} group by fanned_out_at order by fanned_out_at`,
  );
  const [counts] = await rows<{ notifications: number; deliveries: number }>(
    database,
    `select (select count(*)::int from notifications where event_id in (select id from notice_events where ${eventIds})) as notifications,
            (select count(*)::int from notice_deliveries where event_id in (select id from notice_events where ${eventIds})) as deliveries`,
  );
  return { batches, notifications: counts?.notifications ?? 0, deliveries: counts?.deliveries ?? 0 };
}

/**
 * Each event's time to its notifications, committed: a batch is committed when the next one takes
 * its events (the fan-out loops at once), the last when root's inbox showed it (`doneAt`).
 */
function eventLatencies(batches: Batch[], doneAt: number, from: number): number[] {
  return batches.flatMap((batch, index) => Array<number>(batch.events).fill((batches[index + 1]?.taken ?? doneAt) - from));
}

const latency = (values: number[]) => `p50 ${thousands(percentile(values, 50))} ms, p99 ${thousands(percentile(values, 99))} ms`;

/* ------------------------------------------------------------------------------------------- */

async function run(session: Session): Promise<string[][]> {
  const kind = session.kind;
  await demoReady(session);
  const api = rootApi(session);
  const hooks = await receiver();
  const result: string[][] = [];
  try {
    // 1. Fan-out: a storm of openings with the demo's users (nobody has a channel yet).
    const unreadBefore = await api.unread();
    const opened = await session.withDatabase((database) => openStorm(database, STORM_EVENTS[kind]));
    const inserted = Date.now();
    log(`${opened.length} fault records opened with their events`);
    await until('the fan-out of the storm', async () => (await api.unread()) >= unreadBefore + opened.length);
    const fannedOut = Date.now();

    // 2. Outbox: webhook users, then a storm of recoveries. (PGlite: the storm's figures are read in the same stop.)
    const storm = await session.withDatabase(async (database) => {
      const figures = await batchesOf(database, `fault_record_id = any('{${opened.map((record) => record.id).join(',')}}'::bigint[]) and phase = 'opened'`);
      await webhookUsers(database, WEBHOOK_USERS, hooks.url);
      return figures;
    });
    const firstTake = storm.batches[0]?.taken ?? Number.NaN;
    const seconds = (fannedOut - firstTake) / 1000;
    result.push([
      kind,
      `fan-out of ${thousands(opened.length)} fault events written at once (${storm.batches.length} transactions)`,
      `**${thousands(opened.length / seconds)} events/s**, ${thousands(storm.notifications / seconds)} notifications/s (${thousands(storm.notifications)} notifications, ${(storm.notifications / opened.length).toFixed(1)} readers per event; ${storm.deliveries} deliveries) in ${seconds.toFixed(1)} s`,
    ]);
    if (kind === 'postgres') {
      result.push([
        kind,
        'storm written to its notifications committed (the 2 s poll finds them)',
        latency(eventLatencies(storm.batches, fannedOut, inserted)),
      ]);
      result.push([kind, "storm written to the fan-out's first take (the poll's wait)", `${thousands(firstTake - inserted)} ms`]);
    }
    result.push([kind, "fan-out's first take to an event's notifications committed", latency(eventLatencies(storm.batches, fannedOut, firstTake))]);

    const sentBefore = await api.sent();
    const ended = await session.withDatabase((database) => recoveryStorm(database, RECOVERIES[kind]));
    const endedAt = Date.now();
    const expected = ended * WEBHOOK_USERS;
    log(`${ended} records ended: ${expected} webhook deliveries expected`);
    await until('every webhook', async () => hooks.arrivals.length >= expected);
    await until('every delivery sent', async () => (await api.sent()) >= sentBefore + expected);
    const allSent = Date.now();
    const outbox = await session.withDatabase(async (database) => {
      const figures = await batchesOf(database, `fault_record_id = any('{${opened.map((record) => record.id).join(',')}}'::bigint[]) and phase = 'ended'`);
      const [states] = await rows<{ sent: number; other: number }>(
        database,
        `select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state <> 'sent')::int as other from notice_deliveries`,
      );
      return { ...figures, states };
    }, false);
    const outboxStart = outbox.batches[0]?.taken ?? Number.NaN;
    const outboxSeconds = (allSent - outboxStart) / 1000;
    const duplicates = hooks.arrivals.length - new Set(hooks.arrivals.map((arrival) => arrival.key)).size;
    result.push([
      kind,
      `outbox: ${ended} recoveries × ${WEBHOOK_USERS} users' webhooks (signed, to a receiver answering 200 at once)`,
      `**${thousands(outbox.deliveries / outboxSeconds)} deliveries/s** (${thousands(outbox.deliveries)} deliveries: ${outbox.states?.sent ?? 0} sent, ${outbox.states?.other ?? 0} not; ${duplicates} received twice) in ${outboxSeconds.toFixed(1)} s from the fan-out's first take`,
    ]);
    const arrivals = hooks.arrivals.map((arrival) => arrival.at);
    if (kind === 'postgres') result.push([kind, 'recoveries written to webhook received', latency(arrivals.map((at) => at - endedAt))]);
    result.push([kind, "fan-out's first take to webhook received", latency(arrivals.map((at) => at - outboxStart))]);
  } finally {
    await hooks.close();
  }
  return result;
}

export const noticesBenchmark: Benchmark = {
  name: 'notices',
  title: 'Notifications: a fleet-wide storm',
  description: [
    `The built server in demo mode (DEMO_SIMULATOR=0: the demo's users and boxes, nothing publishing). A power cut everywhere: ${thousands(STORM_EVENTS.postgres)} fault records (PGlite ${thousands(STORM_EVENTS.pglite)})`,
    "opened at once with their notice events, written as the ingest writes them (`openRecords` and `queueNoticeEvents` in one transaction; each demo controller's event rules in turn).",
    'On PostgreSQL they are written beside the running server and its 2 s poll finds them; PGlite lives in the server process, so the storm is written while the server is stopped and',
    "its fan-out takes them as it starts: there the figures run from the fan-out's first take. Events/s and notifications/s: from the first take to root's inbox showing the last event",
    '(root reads every event). A batch of 50 events counts as committed when the next one takes its events (`fanned_out_at`), the last one when root sees it.',
    `Outbox: ${WEBHOOK_USERS} more users (CK-wide readers) with a webhook channel each and every type chosen for webhooks; ${RECOVERIES.postgres} (PGlite ${RECOVERIES.pglite}) of the records end at once (power back)`,
    "and every recovery goes to every webhook user's receiver, an HTTP server in the bench process that answers 200 at once; deliveries/s until root's delivery log shows every one sent.",
  ].join(' '),
  columns: ['database', 'measure', 'result'],
  start: startSession,
  async run(server) {
    const session = sessions.get(server);
    if (!session) throw new Error('the notices benchmark runs on the server it started');
    return run(session);
  },
};
