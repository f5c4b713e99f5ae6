import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import postgres from 'postgres';
import { startTcpProxy, targetOf, throughProxy } from '../../packages/server/src/test/tcp-proxy.js';
import { describeMachine } from './machine.js';
import { writeSection } from './report.js';
import { freePort, waitForHealth, withDatabase } from './server.js';

/**
 * Faults under ingest with acknowledged-data accounting: the built server runs as its own process
 * on a fresh PostgreSQL database behind a TCP proxy; boxes publish QoS 1 data on a timer and note
 * every sample the server acknowledged. The server is killed with SIGKILL several times
 * mid-ingest (and started again at once), and the database connection is cut for a while. Then
 * every acknowledged sample must be stored exactly once (counted once in the rollups too);
 * unacknowledged ones may be missing. Exit code 1 on any loss or double, on a box that lost its
 * connection during the outage, or on an API that did not answer 503 within a second.
 */

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    kills: { type: 'string', default: '3' },
    boxes: { type: 'string', default: '20' },
    /**
     * Each box sends `burst` messages back to back this often (milliseconds): several packets in one
     * read, as firmware flushing its buffer sends them. A broker that stops reading a connection
     * while its publishes wait then reads it again only after `burst` more arrivals, past the
     * keepalive: the outage shows as disconnects.
     */
    'publish-ms': { type: 'string', default: '2000' },
    burst: { type: 'string', default: '4' },
    /** Ingest between two faults (seconds). */
    'between-seconds': { type: 'string', default: '5' },
    'outage-seconds': { type: 'string', default: '15' },
    /** The boxes' MQTT keepalive (seconds): shorter than the outage, so a broker that stops answering shows. */
    keepalive: { type: 'string', default: '5' },
  },
});

const KILLS = Number(values.kills);
const BOX_COUNT = Number(values.boxes);
const PUBLISH_MS = Number(values['publish-ms']);
const BURST = Number(values.burst);
const BETWEEN_MS = Number(values['between-seconds']) * 1000;
const OUTAGE_MS = Number(values['outage-seconds']) * 1000;
const KEEPALIVE_S = Number(values.keepalive);
const ADMIN_URL = values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FIRST_BOX_ID = 7_700_000_001;
const SETTLE_MS = 60_000;
const root = new URL('../..', import.meta.url).pathname;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`faults: ${message}`);

/** The built server as a process that can be killed and started again on the same ports and database. */
function serverProcess(env: Record<string, string>, logFile: string) {
  let child: ChildProcess | undefined;
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  return {
    baseUrl,
    async start(): Promise<void> {
      const output = openSync(logFile, 'a');
      child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', output, output] });
      closeSync(output);
      await waitForHealth(baseUrl, child);
    },
    async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

interface Api {
  get(path: string): Promise<{ status: number; retryAfter: string | null; ms: number }>;
  post<T>(path: string, body: unknown): Promise<T>;
}

async function signIn(baseUrl: string): Promise<Api> {
  const login = await fetch(`${baseUrl}/api/v2/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_root', password: 'demo123456' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return {
    async get(path) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v2${path}`, { headers });
      await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: performance.now() - started };
    },
    async post<T>(path: string, body: unknown) {
      const response = await fetch(`${baseUrl}/api/v2${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = (await response.json()) as { code: number; message: string; data: T };
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${answer.message}`);
      return answer.data;
    },
  };
}

/** A box that publishes a sample on a timer and notes which ones the server acknowledged. */
interface AccountedBox {
  id: string;
  client: MqttClient;
  acknowledged: Set<number>;
  sent: Set<number>;
  closes: number[];
}

async function connectBoxes(api: Api, mqttUrl: string): Promise<AccountedBox[]> {
  const boxes: AccountedBox[] = [];
  for (let index = 0; index < BOX_COUNT; index += 1) {
    const id = String(FIRST_BOX_ID + index);
    const { secret } = await api.post<{ secret: string }>('/boxes', { id, ck: '1001', controllers: [{ station: 1, device_type: 'maglev_blower' }] });
    const client = await mqtt.connectAsync(mqttUrl, {
      clientId: `box-${id}`,
      username: id,
      password: secret,
      keepalive: KEEPALIVE_S,
      reconnectPeriod: 250,
      connectTimeout: 5000,
    });
    const box: AccountedBox = { id, client, acknowledged: new Set(), sent: new Set(), closes: [] };
    client.on('close', () => box.closes.push(Date.now()));
    client.on('error', () => undefined);
    boxes.push(box);
  }
  return boxes;
}

function startPublishing(boxes: AccountedBox[], onAcknowledged: (at: number) => void): () => void {
  let ts = Date.now() - 3_600_000;
  const publish = (box: AccountedBox) => {
    const sampleTs = (ts += 1);
    box.sent.add(sampleTs);
    const payload = JSON.stringify({
      ts: sampleTs,
      seq: sampleTs,
      controllers: [{ station: 1, values: { [MAGLEV_BLOWER.speed]: sampleTs % 30_000, [MAGLEV_BLOWER.power]: sampleTs % 1000 } }],
    });
    box.client.publish(boxTopics(box.id).data, payload, { qos: 1 }, (error) => {
      if (error) return;
      box.acknowledged.add(sampleTs);
      onAcknowledged(Date.now());
    });
  };
  const timer = setInterval(() => {
    for (const box of boxes) for (let message = 0; message < BURST; message += 1) publish(box);
  }, PUBLISH_MS);
  return () => clearInterval(timer);
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(20);
  }
  return undefined;
}

async function main(): Promise<number> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const databaseName = `cloudbox_faults_${process.pid}_${Date.now()}`;
  await admin.unsafe(`create database ${databaseName}`);
  const databaseUrl = withDatabase(ADMIN_URL, databaseName);
  const proxy = await startTcpProxy(targetOf(databaseUrl));
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-faults-'));
  const logFile = join(dataDir, 'server.log');
  const [httpPort, mqttPort] = [await freePort(), await freePort()];
  const server = serverProcess(
    {
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATABASE_URL: throughProxy(databaseUrl, proxy),
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_BOXES: '0',
      DEMO_SIMULATOR: '0',
      LOG_LEVEL: 'warn',
    },
    logFile,
  );
  const rows: string[][] = [];
  let failed = false;
  const check = (ok: boolean, what: string) => {
    if (!ok) failed = true;
    log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  };
  let boxes: AccountedBox[] = [];
  try {
    await server.start();
    const api = await signIn(server.baseUrl);
    boxes = await connectBoxes(api, `mqtt://127.0.0.1:${mqttPort}`);
    /** When acknowledgements arrived, in order: the first after a fault tells when ingest recovered. */
    const acknowledgedAt: number[] = [];
    const stopPublishing = startPublishing(boxes, (at) => acknowledgedAt.push(at));
    const firstAcknowledgementAfter = async (moment: number) => {
      await until(() => acknowledgedAt.at(-1)! > moment, 30_000);
      const first = acknowledgedAt.find((at) => at > moment);
      return first === undefined ? undefined : first - moment;
    };
    log(`${BOX_COUNT} boxes publishing ${BURST} messages every ${PUBLISH_MS} ms (keepalive ${KEEPALIVE_S} s); server log ${logFile}`);
    await sleep(BETWEEN_MS);

    for (let kill = 1; kill <= KILLS; kill += 1) {
      const killedAt = Date.now();
      await server.kill('SIGKILL');
      // Acknowledgements the killed process sent before it died are read by now.
      await sleep(50);
      const deadAt = Date.now();
      await server.start();
      const healthyMs = Date.now() - killedAt;
      const sinceDeath = await firstAcknowledgementAfter(deadAt);
      const recovery = sinceDeath === undefined ? undefined : deadAt - killedAt + sinceDeath;
      log(`kill -9 #${kill}: healthy again after ${healthyMs} ms, acknowledging again after ${recovery ?? '(never)'} ms`);
      check(recovery !== undefined, `ingest recovered after kill -9 #${kill}`);
      rows.push([
        `kill -9 #${kill}`,
        `healthy after ${(healthyMs / 1000).toFixed(1)} s, acknowledging after ${recovery === undefined ? 'never' : `${(recovery / 1000).toFixed(1)} s`}`,
      ]);
      await sleep(BETWEEN_MS);
    }

    const closesBefore = boxes.reduce((sum, box) => sum + box.closes.length, 0);
    await proxy.cut();
    const cutAt = Date.now();
    const during = await api.get('/devices');
    const answered = during.status === 503 && during.retryAfter !== null && during.ms < 1000;
    check(answered, `API during the outage: ${during.status} in ${during.ms.toFixed(0)} ms, Retry-After ${during.retryAfter}`);
    const later: number[] = [];
    while (Date.now() - cutAt < OUTAGE_MS) {
      const answer = await api.get('/devices');
      later.push(answer.ms);
      if (answer.status !== 503) check(false, `API during the outage answered ${answer.status}`);
      await sleep(500);
    }
    const acknowledgedDuring = acknowledgedAt.at(-1)! > cutAt;
    await proxy.restore();
    const restoredAt = Date.now();
    const apiBackMs = await until(async () => (await api.get('/devices')).status === 200, 30_000);
    const ingestBackMs = await firstAcknowledgementAfter(restoredAt);
    const closesDuring = boxes.reduce((sum, box) => sum + box.closes.length, 0) - closesBefore;
    check(closesDuring === 0, `boxes disconnected during the ${OUTAGE_MS / 1000} s outage: ${closesDuring}`);
    check(!acknowledgedDuring, 'nothing acknowledged while the database was away');
    check(
      apiBackMs !== undefined && ingestBackMs !== undefined,
      `after the outage: API back in ${apiBackMs ?? 'never'} ms, acknowledging again in ${ingestBackMs ?? 'never'} ms`,
    );
    rows.push([
      `database cut ${OUTAGE_MS / 1000} s`,
      `API 503 in ${during.ms.toFixed(0)} ms (then max ${Math.max(...later).toFixed(0)} ms), Retry-After ${during.retryAfter}; ${closesDuring} box disconnects; API back ${apiBackMs ?? 'never'} ms and acknowledging ${ingestBackMs ?? 'never'} ms after the return`,
    ]);

    await sleep(BETWEEN_MS);
    stopPublishing();
    // What was sent and not yet answered gets its answer, or its connection ends.
    await until(() => boxes.every((box) => Object.keys(box.client.outgoing).length === 0), SETTLE_MS);
    await Promise.all(boxes.map((box) => box.client.endAsync()));

    const accounting = await account(postgres(databaseUrl, { max: 1, onnotice: () => {} }), boxes);
    log(
      `samples sent ${accounting.sent}, acknowledged ${accounting.acknowledged}, stored ${accounting.stored}, ` +
        `lost ${accounting.lost}, doubled ${accounting.doubled} (rows ${accounting.doubledRows}, rollup counts ${accounting.doubledInRollups}), unacknowledged and stored ${accounting.unacknowledgedStored}`,
    );
    check(accounting.lost === 0, 'no acknowledged sample lost');
    check(accounting.doubled === 0, 'no sample stored or rolled up twice');
    rows.push([
      'accounting',
      `sent ${accounting.sent}, acknowledged ${accounting.acknowledged}, stored ${accounting.stored}, lost ${accounting.lost}, doubled ${accounting.doubled}, unacknowledged but stored ${accounting.unacknowledgedStored}`,
    ]);
  } finally {
    await Promise.all(boxes.map((box) => box.client.endAsync(true).catch(() => undefined)));
    await server.kill('SIGTERM');
    await proxy.close();
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }

  writeSection(new URL('../../BENCHMARKS.md', import.meta.url).pathname, {
    name: 'faults',
    title: 'Faults under ingest',
    description: `\`npm run faults\`: the built server on PostgreSQL behind a TCP proxy, ${BOX_COUNT} boxes publishing ${BURST} QoS 1 messages every ${PUBLISH_MS} ms (keepalive ${KEEPALIVE_S} s); ${KILLS} × kill -9 mid-ingest with an immediate restart, then the database cut for ${OUTAGE_MS / 1000} s. Every acknowledged sample must be stored once.`,
    machine: describeMachine(),
    command: `npm run faults${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    columns: ['fault', 'outcome'],
    rows,
  });
  log(failed ? 'FAILED' : 'passed');
  return failed ? 1 : 0;
}

/** Every acknowledged sample stored once (the primary key allows no second row; the rollups must count it once too). */
async function account(sql: postgres.Sql, boxes: AccountedBox[]) {
  try {
    const ids = boxes.map((box) => box.id);
    const stored = await sql<{ box_id: string; ts: number; rows: number }[]>`
      select c.box_id, (extract(epoch from s.ts) * 1000)::float8 as ts, count(*)::int as rows
      from samples s join controllers c on c.id = s.controller_id where c.box_id = any(${ids}) group by c.box_id, s.ts`;
    const rollups = await sql<{ box_id: string; count: number }[]>`
      select c.box_id, sum(r.count)::int as count from rollups_hourly r join controllers c on c.id = r.controller_id
      where c.box_id = any(${ids}) and r.register = ${MAGLEV_BLOWER.speed} group by c.box_id`;
    const storedBy = new Map<string, Map<number, number>>();
    for (const row of stored) {
      if (!storedBy.has(row.box_id)) storedBy.set(row.box_id, new Map());
      storedBy.get(row.box_id)!.set(row.ts, row.rows);
    }
    const tally = { sent: 0, acknowledged: 0, lost: 0, doubledRows: 0, doubledInRollups: 0, unacknowledgedStored: 0 };
    for (const box of boxes) {
      const rows = storedBy.get(box.id) ?? new Map<number, number>();
      tally.sent += box.sent.size;
      tally.acknowledged += box.acknowledged.size;
      for (const ts of box.acknowledged) if (!rows.has(ts)) tally.lost += 1;
      for (const [ts, count] of rows) {
        if (count > 1) tally.doubledRows += count - 1;
        if (!box.acknowledged.has(ts)) tally.unacknowledgedStored += 1;
      }
      const rolledUp = rollups.find((row) => row.box_id === box.id)?.count ?? 0;
      if (rolledUp > rows.size) tally.doubledInRollups += rolledUp - rows.size;
    }
    return { ...tally, stored: stored.length, doubled: tally.doubledRows + tally.doubledInRollups };
  } finally {
    await sql.end();
  }
}

process.exitCode = await main();
