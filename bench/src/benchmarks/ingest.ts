import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { boxTopics, MAGLEV_BLOWER } from '@cloudbox/domain';
import { createDatabase, type Database } from '@cloudbox/server/dist/db/index.js';
import { createFleet, type BoxOptions } from '@cloudbox/simulator';
import mqtt from 'mqtt';
import postgres from 'postgres';
import WebSocket from 'ws';
import { verdict, withTargetColumn } from '../targets.js';
import { startServer, type DatabaseTarget, type RunningServer } from '../server.js';
import { percentile } from '../statistics.js';
import type { Benchmark } from '../types.js';

/**
 * Ingest, end to end: the simulator's load mode publishes to the server's embedded broker from
 * this process; the server stores (samples, rollups, latest values, event rules) before it
 * acknowledges. Then the same rows by COPY into the same kind of database (the ceiling), the
 * server's memory with 10,000 connected boxes, and the storage layouts that were weighed.
 */

export const LOAD_BOXES = 40;
export const IN_FLIGHT = 8;
/** Two controllers (maglev blower and PLC, 35 registers each): one message is 70 data points. */
export const LOAD_CONTROLLERS = [
  { station: 1, device_type: 'maglev_blower' },
  { station: 2, device_type: 'generic_plc' },
];
export const POINTS_PER_MESSAGE = 70;
const CONNECTED_BOXES = 10_000;
const REGISTRATION_CONCURRENCY = 16;
/** The connected fleet: points per message (one message per box every 10 s), and how long it is watched once all are connected. */
const FLEET_POINTS = 35;
const FLEET_WINDOW_MS = 20_000;
export const WARM_UP_MS = 3000;
/**
 * The latency probes, one message at a time: to committed (PUBACK) every `committedEveryMs`; to
 * visible in a console every `visibleEveryMs` (a browser hears of a controller at most once a
 * second: these probes are further apart); first for `idleMs` without load.
 */
const PROBES = { committedEveryMs: 25, visibleEveryMs: 1100, idleMs: 5000 } as const;
/** Samples per layout in the layout comparison; PGlite gets fewer (single-threaded WebAssembly). */
const LAYOUT_SAMPLES = { postgres: 20_000, pglite: 5_000 } as const;
const LAYOUT_REGISTERS = 35;
const LAYOUT_BATCH = 300;

function log(message: string): void {
  console.log(`  ingest: ${message}`);
}

export interface Api {
  token: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

export async function signIn(baseUrl: string): Promise<Api> {
  const call = async <T>(path: string, init: RequestInit, token?: string): Promise<T> => {
    const request = () =>
      fetch(`${baseUrl}/api/v2${path}`, { ...init, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    // A kept-alive socket the server closed while this process was busy (the layouts) fails on
    // reuse; the request is sent again (a registration that did arrive then answers 409).
    const response = await request().catch((error: Error & { cause?: { code?: string } }) => {
      if (error.cause?.code === 'ECONNRESET' || error.cause?.code === 'UND_ERR_SOCKET') return request();
      throw error;
    });
    const body = (await response.json()) as { code: number; message: string; data: T };
    if (response.status !== 200) throw Object.assign(new Error(`${path}: HTTP ${response.status} ${body.message}`), { status: response.status });
    return body.data;
  };
  const { token } = await call<{ token: string }>('/user/login', { method: 'POST', body: JSON.stringify({ username: 'demo_root', password: 'demo123456' }) });
  return {
    token,
    get: (path) => call(path, { method: 'GET' }, token),
    post: (path, body) => call(path, { method: 'POST', body: JSON.stringify(body) }, token),
  };
}

interface Metrics {
  broker: { tcpPort: number; connectedBoxes: number };
  ingest: { points: number; samples: number; duplicates: number; batches: number; queued: number; received: { data: number } };
}

/** The server's event-loop delay since the last scrape of its Prometheus metrics, in ms. */
async function eventLoopDelay(baseUrl: string, token: string): Promise<{ p50: number; p99: number; max: number }> {
  const response = await fetch(`${baseUrl}/api/v2/metrics/prometheus`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const seconds = (name: string) => Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { p50: seconds('p50') * 1000, p99: seconds('p99') * 1000, max: seconds('max') * 1000 };
}

export async function register(api: Api, firstId: number, count: number, controllers: typeof LOAD_CONTROLLERS): Promise<BoxOptions[]> {
  const boxes: BoxOptions[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const id = String(firstId + next++);
      const { secret } = await api.post<{ secret: string }>('/boxes', { id, ck: '1001', controllers }).catch((error: Error & { status?: number }) => {
        if (error.status === 409) return api.post<{ secret: string }>(`/boxes/${id}/secret`, {});
        throw error;
      });
      boxes.push({ id, secret, controllers: controllers.map((controller) => ({ station: controller.station, deviceType: controller.device_type })) });
    }
  };
  await Promise.all(Array.from({ length: REGISTRATION_CONCURRENCY }, worker));
  return boxes;
}

/**
 * The load: the simulator's boxes publishing as fast as they are acknowledged, `IN_FLIGHT` each,
 * warmed up. Every sample is stamped with its own millisecond, or the server would rightly drop
 * same-time samples of a controller as redeliveries.
 */
export async function startLoad(url: string, boxes: BoxOptions[]): Promise<ReturnType<typeof createFleet>> {
  let last = 0;
  const fleet = createFleet({
    url,
    boxes,
    intervalSeconds: 1,
    seed: 3,
    clock: () => (last = Math.max(last + 1, Date.now())),
    load: { pointsPerMessage: POINTS_PER_MESSAGE, inFlight: IN_FLIGHT },
  });
  fleet.start();
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  return fleet;
}

/** Publish to PUBACK of one box at a time: the embedded broker acknowledges only once the sample is committed. */
async function probeLatency(url: string, box: BoxOptions, durationMs: number): Promise<number[]> {
  const client = await mqtt.connectAsync(url, { clientId: `box-${box.id}`, username: String(box.id), password: box.secret, reconnectPeriod: 0 });
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  let ts = Date.now();
  for (let seq = 0; performance.now() < end; seq += 1) {
    ts = Math.max(ts + 1, Date.now());
    const message = JSON.stringify({
      ts,
      seq,
      controllers: [{ station: 1, values: { [MAGLEV_BLOWER.speed]: 12_000 + (seq % 100), [MAGLEV_BLOWER.power]: 800 } }],
    });
    const started = performance.now();
    await client.publishAsync(boxTopics(String(box.id)).data, message, { qos: 1 });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBES.committedEveryMs));
  }
  await client.endAsync();
  return latencies;
}

/**
 * Publish to the `values` event in the WebSocket of a signed-in console (demo_root subscribed to
 * the box): committed, announced on the bus and pushed, what a user watching the device waits for.
 */
async function probeVisible(baseUrl: string, token: string, url: string, box: BoxOptions, durationMs: number): Promise<number[]> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v2/ws?token=${token}`);
  const arrivals = new Map<number, (at: number) => void>();
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as { type: string; box_id?: string; ts?: number };
      if (event.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', boxes: [String(box.id)] }));
      if (event.type === 'subscribed') resolve();
      if (event.type === 'values' && event.box_id === String(box.id)) arrivals.get(event.ts!)?.(performance.now());
    });
  });
  await subscribed;
  const client = await mqtt.connectAsync(url, { clientId: `box-${box.id}`, username: String(box.id), password: box.secret, reconnectPeriod: 0 });
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  for (let seq = 0; performance.now() < end; seq += 1) {
    const ts = Date.now();
    const seen = new Promise<number>((resolve, reject) => {
      arrivals.set(ts, resolve);
      setTimeout(() => reject(new Error(`no values event of box ${box.id} within 10 s`)), 10_000).unref();
    });
    const started = performance.now();
    await client.publishAsync(
      boxTopics(String(box.id)).data,
      JSON.stringify({ ts, seq, controllers: [{ station: 1, values: { [MAGLEV_BLOWER.speed]: 12_000 + seq } }] }),
      { qos: 1 },
    );
    latencies.push((await seen) - started);
    arrivals.delete(ts);
    await new Promise((resolve) => setTimeout(resolve, PROBES.visibleEveryMs));
  }
  await client.endAsync();
  socket.close();
  return latencies;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/* ------------------------------------------------------------------------------------------- */
/* The same rows by COPY, and the layouts, in a scratch database of the target's kind.          */

interface Scratch {
  exec(statement: string): Promise<void>;
  rows<T>(statement: string): Promise<T[]>;
  /** COPY ... FROM STDIN (text format) of these lines. */
  copy(table: string, columns: string, lines: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The drivers under the server's Database, which COPY needs (drizzle has no COPY). */
interface PgliteClient {
  exec(statement: string): Promise<unknown>;
  query<T>(statement: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
}

async function openScratch(target: DatabaseTarget): Promise<Scratch> {
  if (target.kind === 'pglite') {
    const database = await createDatabase({ dataDir: ':memory:', databaseUrl: undefined });
    await database.migrate();
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    return {
      exec: async (statement) => void (await client.exec(statement)),
      rows: async <T>(statement: string) => (await client.query<T>(statement)).rows,
      copy: async (table, columns, lines) => void (await client.query(`copy ${table} (${columns}) from '/dev/blob'`, [], { blob: new Blob([lines.join('')]) })),
      close: () => database.close(),
    };
  }
  const name = `cloudbox_bench_scratch_${process.pid}_${Date.now()}`;
  const admin = postgres(target.adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(target.adminUrl!);
  url.pathname = `/${name}`;
  const database: Database = await createDatabase({ dataDir: ':memory:', databaseUrl: url.toString() });
  await database.migrate();
  const sql = (database.db as unknown as { $client: postgres.Sql }).$client;
  return {
    exec: async (statement) => void (await sql.unsafe(statement)),
    rows: async <T>(statement: string) => (await sql.unsafe(statement)) as unknown as T[],
    async copy(table, columns, lines) {
      const stream = await sql.unsafe(`copy ${table} (${columns}) from stdin`).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', resolve);
        for (const line of lines) stream.write(line);
        stream.end();
      });
    },
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

interface Generated {
  controllerId: number;
  ts: number;
  registers: number[];
  readings: number[];
}

function generate(samples: number, controllers: number): Generated[] {
  const start = Date.now() - samples * 10;
  return Array.from({ length: samples }, (_, index) => ({
    controllerId: 1 + (index % controllers),
    ts: start + index * 10,
    registers: Array.from({ length: LAYOUT_REGISTERS }, (_, register) => register + 1),
    readings: Array.from({ length: LAYOUT_REGISTERS }, (_, register) => Math.round(Math.sin(index / 50 + register) * 10_000) / 10),
  }));
}

async function partitionsFor(scratch: Scratch, rows: Generated[]): Promise<void> {
  const days = new Set(rows.map((row) => Math.floor(row.ts / 86_400_000)));
  for (const day of days) {
    const from = new Date(day * 86_400_000).toISOString();
    const to = new Date((day + 1) * 86_400_000).toISOString();
    await scratch.exec(`create table if not exists samples_${day} partition of samples for values from ('${from}') to ('${to}')`);
  }
}

const array = (values: number[]) => `{${values.join(',')}}`;
const quoted = (values: string[]) => `{${values.map((value) => `"${value.replace(/"/g, '\\"')}"`).join(',')}}`;

async function timed(task: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await task();
  return (performance.now() - started) / 1000;
}

/** The storage layouts that were weighed, each fed the same samples in batches through unnest. */
async function compareLayouts(scratch: Scratch, kind: DatabaseTarget['kind']): Promise<string[][]> {
  const rows = generate(LAYOUT_SAMPLES[kind], 100);
  const points = rows.length * LAYOUT_REGISTERS;
  await scratch.exec(`
    create table layout_arrays (controller_id int, ts timestamptz, registers int[], readings float8[], primary key (controller_id, ts));
    create table layout_jsonb (controller_id int, ts timestamptz, "values" jsonb, primary key (controller_id, ts));
    create table layout_points (controller_id int, register int, ts timestamptz, value float8, primary key (controller_id, register, ts));
    create table latest_per_controller (controller_id int primary key, ts timestamptz, "values" jsonb);
    create table latest_per_register (controller_id int, register int, ts timestamptz, value float8, primary key (controller_id, register));`);
  const batches = Array.from({ length: Math.ceil(rows.length / LAYOUT_BATCH) }, (_, index) => rows.slice(index * LAYOUT_BATCH, (index + 1) * LAYOUT_BATCH));
  const ts = (batch: Generated[]) => array(batch.map((row) => row.ts));
  const ids = (batch: Generated[]) => array(batch.map((row) => row.controllerId));
  const epoch = `timestamptz 'epoch' + ms * interval '1 millisecond'`;

  const layouts: [string, string, (batch: Generated[]) => string][] = [
    [
      'one row per controller sample: int[] + float8[] (chosen)',
      'layout_arrays',
      (batch) => `insert into layout_arrays select c, ${epoch}, r::int[], v::float8[]
        from unnest('${ids(batch)}'::int[], '${ts(batch)}'::float8[], '${quoted(batch.map((row) => array(row.registers)))}'::text[],
                    '${quoted(batch.map((row) => array(row.readings)))}'::text[]) as u(c, ms, r, v)`,
    ],
    [
      'one row per controller sample: jsonb',
      'layout_jsonb',
      (batch) => `insert into layout_jsonb select c, ${epoch}, j::jsonb
        from unnest('${ids(batch)}'::int[], '${ts(batch)}'::float8[],
                    '${quoted(batch.map((row) => JSON.stringify(Object.fromEntries(row.registers.map((register, index) => [register, row.readings[index]])))))}'::text[]) as u(c, ms, j)`,
    ],
    [
      'one row per data point',
      'layout_points',
      (batch) => {
        const flat = batch.flatMap((row) => row.registers.map((register, index) => ({ row, register, value: row.readings[index]! })));
        return `insert into layout_points select c, r, ${epoch}, v
          from unnest('${array(flat.map((point) => point.row.controllerId))}'::int[], '${array(flat.map((point) => point.register))}'::int[],
                      '${array(flat.map((point) => point.row.ts))}'::float8[], '${array(flat.map((point) => point.value))}'::float8[]) as u(c, r, ms, v)`;
      },
    ],
  ];
  const results: string[][] = [];
  for (const [title, table, statement] of layouts) {
    const seconds = await timed(async () => {
      for (const batch of batches) await scratch.exec(statement(batch));
    });
    const [size] = await scratch.rows<{ bytes: number }>(`select pg_total_relation_size('${table}')::float8 as bytes`);
    results.push([
      kind,
      `layout: ${title}`,
      `${thousands(points / seconds)} points/s; ${((size?.bytes ?? 0) / points).toFixed(1)} bytes per point with its index`,
    ]);
  }

  const latest: [string, (batch: Generated[]) => string][] = [
    [
      'latest values: one row per controller, jsonb merged (chosen)',
      (batch) => `insert into latest_per_controller as l select c, max(${epoch}), jsonb_object_agg(r::text, v order by ms)
        from (select c, ms, unnest(r::int[]) as r, unnest(v::float8[]) as v
              from unnest('${ids(batch)}'::int[], '${ts(batch)}'::float8[], '${quoted(batch.map((row) => array(row.registers)))}'::text[],
                          '${quoted(batch.map((row) => array(row.readings)))}'::text[]) as u(c, ms, r, v)) p
        group by c
        on conflict (controller_id) do update set "values" = l."values" || excluded."values", ts = excluded.ts`,
    ],
    [
      'latest values: one row per register',
      (batch) => {
        const newest = new Map<string, { row: Generated; register: number; value: number }>();
        for (const row of batch)
          row.registers.forEach((register, index) => newest.set(`${row.controllerId}:${register}`, { row, register, value: row.readings[index]! }));
        const flat = [...newest.values()];
        return `insert into latest_per_register as l select c, r, ${epoch}, v
          from unnest('${array(flat.map((point) => point.row.controllerId))}'::int[], '${array(flat.map((point) => point.register))}'::int[],
                      '${array(flat.map((point) => point.row.ts))}'::float8[], '${array(flat.map((point) => point.value))}'::float8[]) as u(c, r, ms, v)
          on conflict (controller_id, register) do update set value = excluded.value, ts = excluded.ts`;
      },
    ],
  ];
  for (const [title, statement] of latest) {
    const seconds = await timed(async () => {
      for (const batch of batches) await scratch.exec(statement(batch));
    });
    results.push([kind, title, `${thousands(points / seconds)} points/s`]);
  }
  return results;
}

/** COPY of the same shape of rows as the ingest stored: the ceiling of writing samples at all. */
/**
 * The broker's own pass-through of the same load: the same publishers (boxes, window, messages)
 * to a bare Aedes broker in a process of its own with one QoS 1 subscriber that only counts
 * (bare-broker.ts). Answers data points per second received by that subscriber.
 */
async function brokerAlone(boxes: BoxOptions[], durationSeconds: number): Promise<number> {
  const child = fork(fileURLToPath(new URL('../bare-broker.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (message) => resolve(message as T)));
  try {
    const { port } = await reply<{ port: number }>();
    const fleet = await startLoad(`mqtt://127.0.0.1:${port}`, boxes);
    const count = async () => {
      const answer = reply<{ received: number }>();
      child.send('count');
      return (await answer).received;
    };
    const before = await count();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, durationSeconds * 1000));
    const received = (await count()) - before;
    const seconds = (performance.now() - started) / 1000;
    await fleet.stop();
    return (received * POINTS_PER_MESSAGE) / seconds;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    child.kill();
  }
}

async function copyCeiling(scratch: Scratch, samples: number): Promise<number> {
  const rows = generate(samples, LOAD_BOXES * LOAD_CONTROLLERS.length);
  await partitionsFor(scratch, rows);
  const lines = rows.map((row) => `${row.controllerId}\t${new Date(row.ts).toISOString()}\t${array(row.registers)}\t${array(row.readings)}\n`);
  const seconds = await timed(() => scratch.copy('samples', 'controller_id, ts, registers, readings', lines));
  return (rows.length * LAYOUT_REGISTERS) / seconds;
}

/* ------------------------------------------------------------------------------------------- */

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  title: 'Ingest: MQTT publish to committed',
  description: [
    `The simulator's load mode (this process) publishes to the server's embedded broker: ${LOAD_BOXES} boxes with a maglev blower and a PLC each,`,
    `${POINTS_PER_MESSAGE} data points per message (one register reading = one data point), ${IN_FLIGHT} unacknowledged messages per box.`,
    'The server acknowledges a message only once its batch is committed (samples, their rollup queue, latest values, event rules; the hourly rollups follow within 5 s),',
    'so the rate is counted by the server: data points committed per second after a warm-up. Latency: one more box publishes one message at a time',
    `every ${PROBES.committedEveryMs} ms, publish to PUBACK (= committed and visible to queries); another, one message every ${PROBES.visibleEveryMs} ms,`,
    'publish to its `values` event in the WebSocket of a signed-in console watching it (committed, announced and pushed).',
    'The broker alone: the same publishers and messages to a bare Aedes broker in a process of its own with one QoS 1 subscriber that only counts. COPY: the same number of sample rows of the same shape into a fresh',
    'database of the same kind (samples only: no rollups, no latest values). Layouts: the same samples through `unnest` into each candidate table.',
    `Fleet: ${thousands(CONNECTED_BOXES)} registered boxes connect (one ${FLEET_POINTS}-point message each per 10 s); once all are connected, ${FLEET_WINDOW_MS / 1000} s of their ingest (what they had acknowledged against what they offer, the writer's queue, the event-loop delay), then the server's RSS.`,
  ].join(' '),
  columns: ['database', 'measure', 'result', 'target (issue 17)'],

  start: (target) => startServer(target, { DEMO_BOXES: '0', DEMO_SIMULATOR: '0', MQTT_PORT: '0' }),

  async run(server: RunningServer, target: DatabaseTarget, options) {
    const api = await signIn(server.baseUrl);
    const metrics = () => api.get<Metrics>('/metrics');
    const url = `mqtt://127.0.0.1:${(await metrics()).broker.tcpPort}`;
    const rows: string[][] = [];

    log('registering the load boxes');
    const loadBoxes = await register(api, 600_000_001, LOAD_BOXES, LOAD_CONTROLLERS);
    const [probeBox, watchedBox] = await register(api, 600_100_001, 2, [LOAD_CONTROLLERS[0]!]);
    const probes = (durationMs: number) =>
      Promise.all([probeLatency(url, probeBox!, durationMs), probeVisible(server.baseUrl, api.token, url, watchedBox!, durationMs)]);
    const [idle, idleVisible] = await probes(PROBES.idleMs);

    const fleet = await startLoad(url, loadBoxes);
    const before = await metrics();
    const started = performance.now();
    const [underLoad, visibleUnderLoad] = await probes(options.durationSeconds * 1000);
    const after = await metrics();
    const seconds = (performance.now() - started) / 1000;
    await fleet.stop();

    const rate = (key: 'points' | 'samples' | 'batches') => (after.ingest[key] - before.ingest[key]) / seconds;
    const messages = (after.ingest.received.data - before.ingest.received.data) / seconds;
    const samples = after.ingest.samples - before.ingest.samples;
    rows.push([
      target.kind,
      'sustained ingest, data points committed per second',
      `**${thousands(rate('points'))} points/s** (${thousands(messages)} messages/s, ${thousands(rate('samples'))} samples/s, ${(rate('samples') / rate('batches')).toFixed(0)} samples per batch; duplicates ${after.ingest.duplicates - before.ingest.duplicates})`,
      verdict(rate('points'), { atLeast: 250_000 }, thousands),
    ]);
    const latency = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} probes)`;
    rows.push([target.kind, 'publish to committed (PUBACK), under that load', latency(underLoad)]);
    rows.push([target.kind, 'publish to committed (PUBACK), idle', latency(idle)]);
    rows.push([
      target.kind,
      'publish to visible in a console (WebSocket values event), under that load',
      latency(visibleUnderLoad),
      `p99 ${verdict(percentile(visibleUnderLoad, 99), { atMost: 250 }, (ms) => `${ms.toFixed(0)} ms`)}`,
    ]);
    rows.push([target.kind, 'publish to visible in a console (WebSocket values event), idle', latency(idleVisible)]);

    log('the broker alone, the same publishers');
    const bare = await brokerAlone(loadBoxes, options.durationSeconds);
    rows.push([
      target.kind,
      'the broker alone: the same publishers and messages to a bare Aedes broker and one QoS 1 subscriber (no processing)',
      `${thousands(bare)} points/s; ingest reaches **${(rate('points') / bare).toFixed(2)}** of it`,
      verdict(rate('points') / bare, { atLeast: 0.3 }, (ratio) => ratio.toFixed(2)),
    ]);

    const scratch = await openScratch(target);
    try {
      const ceiling = await copyCeiling(scratch, samples);
      rows.push([
        target.kind,
        'raw COPY of the same rows (samples only)',
        `${thousands(ceiling)} points/s; ingest reaches ${((rate('points') / ceiling) * 100).toFixed(0)}% of it`,
      ]);
      log('comparing storage layouts');
      rows.push(...(await compareLayouts(scratch, target.kind)));
    } finally {
      await scratch.close();
    }

    log(`registering ${thousands(CONNECTED_BOXES)} boxes`);
    const idleRss = rssMiB(server.pid);
    const registered = performance.now();
    const many = await register(api, 610_000_001, CONNECTED_BOXES, [LOAD_CONTROLLERS[0]!]);
    const registrationRate = CONNECTED_BOXES / ((performance.now() - registered) / 1000);
    const connected = createFleet({ url, boxes: many, intervalSeconds: 10, seed: 5, dropOutRate: 0 });
    const connecting = performance.now();
    connected.start();
    const deadline = Date.now() + 120_000;
    while (connected.stats().connected < CONNECTED_BOXES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const connectSeconds = (performance.now() - connecting) / 1000;
    const allConnected = connected.stats().connected;
    // Two full rounds of data from every box, then the memory. Meanwhile: what the fleet's boxes had
    // acknowledged (= committed) against what they offer, the writer's queue each second, and the
    // event-loop delay (the server's histogram restarts at each scrape).
    await eventLoopDelay(server.baseUrl, api.token);
    const roundStart = connected.stats();
    const roundStarted = performance.now();
    let queuedAtMost = 0;
    while (performance.now() - roundStarted < FLEET_WINDOW_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      queuedAtMost = Math.max(queuedAtMost, (await metrics()).ingest.queued);
    }
    const roundEnd = connected.stats();
    const roundSeconds = (performance.now() - roundStarted) / 1000;
    const delay = await eventLoopDelay(server.baseUrl, api.token);
    const rss = rssMiB(server.pid);
    // Ten thousand clean goodbyes; a box stuck in its own shutdown must not hold the run (stopping the server ends it).
    await Promise.race([connected.stop(), new Promise((resolve) => setTimeout(resolve, 60_000))]);
    const acknowledged = (roundEnd.dataPoints - roundStart.dataPoints) / roundSeconds;
    const offered = (allConnected * FLEET_POINTS) / 10;
    rows.push([
      target.kind,
      `server RSS with ${thousands(allConnected)} connected boxes`,
      `${rss.toFixed(0)} MiB (${idleRss.toFixed(0)} MiB before they connected; ${allConnected === CONNECTED_BOXES ? 'all' : `only ${thousands(allConnected)} of`} ${thousands(CONNECTED_BOXES)} connected in ${connectSeconds.toFixed(0)} s; registration ${thousands(registrationRate)} boxes/s over the API)`,
      `${verdict(rss, { atMost: 400 }, (mib) => `${mib.toFixed(0)} MiB`)}; connected ${verdict(allConnected, { atLeast: CONNECTED_BOXES }, thousands)}`,
    ]);
    rows.push([
      target.kind,
      `ingest of those boxes (one ${FLEET_POINTS}-point message each per 10 s: every reading its own rollup rows), over ${FLEET_WINDOW_MS / 1000} s`,
      `${thousands(acknowledged)} points/s acknowledged (= committed) of ${thousands(offered)} offered (${((acknowledged / offered) * 100).toFixed(0)} %); writer queue at most ${thousands(queuedAtMost)} messages; event-loop delay p50 ${delay.p50.toFixed(1)} ms, p99 ${delay.p99.toFixed(1)} ms, max ${delay.max.toFixed(1)} ms`,
      `kept up ${verdict(acknowledged / offered, { atLeast: 1 }, (share) => `${(share * 100).toFixed(0)} %`)}`,
    ]);
    return withTargetColumn(rows, 4);
  },
};
