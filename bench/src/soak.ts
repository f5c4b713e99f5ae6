import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_CK_CODES, DEMO_PASSWORD, type DeviceItem, type Envelope, type LoginResult } from '@cloudbox/domain';
import { createFleet, FIRST_SIMULATED_BOX_ID, registerBoxes } from '@cloudbox/simulator';
import { describeMachine } from './machine.js';
import { writeSection } from './report.js';
import { startServer, type DatabaseTarget } from './server.js';
import { percentile, slope } from './statistics.js';

/**
 * `npm run soak -- --minutes N`: the built server in its own process (started with --expose-gc),
 * a simulated fleet publishing to its embedded broker, and polling clients signed in as the demo
 * accounts reading the device list, the status counts and a device's live values with a think
 * time between rounds. Every interval it reads the server's Prometheus metrics (RSS, heap, live
 * heap after a forced GC, event-loop delay p99, samples stored) and the clients' latency and
 * errors of that interval; at the end the verdict, and its own section of BENCHMARKS.md. Exits
 * with 1 when any request or box connection failed.
 */

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'interval-seconds': { type: 'string', default: '60' },
    boxes: { type: 'string', default: '500' },
    clients: { type: 'string', default: '20' },
    /** Seconds between two data messages of one box. */
    'message-seconds': { type: 'string', default: '5' },
    /** A client's pause between two rounds of its three calls. */
    'think-ms': { type: 'string', default: '1000' },
    /** PostgreSQL (an admin URL; a throw-away database is made on it) instead of the embedded PGlite. */
    'database-url': { type: 'string' },
  },
});

function numberOption(name: keyof typeof values, min: number, max: number): number {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number from ${min} to ${max} (got ${values[name]})`);
    process.exit(2);
  }
  return value;
}

const MINUTES = numberOption('minutes', 1, 24 * 60);
const INTERVAL_SECONDS = numberOption('interval-seconds', 5, 3600);
const BOXES = numberOption('boxes', 1, 10_000);
const CLIENTS = numberOption('clients', 1, 200);
const MESSAGE_SECONDS = numberOption('message-seconds', 1, 600);
const THINK_MS = numberOption('think-ms', 0, 60_000);
const DATABASE_URL = values['database-url'] ?? process.env.BENCH_DATABASE_URL;

const CK = DEMO_CK_CODES[0].code;
const ROOT = DEMO_ACCOUNTS.find((account) => account.role === 'root')!;
/** Root and every demo account of the demo CK: staff who see all of its boxes, managers and users who see only their own. */
const POLLERS = DEMO_ACCOUNTS.filter((account) => account === ROOT || account.ck === CK);
const LIST_PAGE_SIZE = 20;
const CONNECT_TIMEOUT_MS = 120_000;
/** Distinct error messages printed as they happen; the rest are only counted. */
const ERRORS_SHOWN = 10;
const MIB = 2 ** 20;

type Call = 'list' | 'counts' | 'realtime';

/** What the clients saw during one interval. */
interface Window {
  latencies: Record<Call, number[]>;
  errors: number;
}

/** One line of the table: the server's figures at the end of an interval, the clients' over it. */
interface Sample {
  minute: number;
  rssBytes: number;
  heapUsedBytes: number;
  liveHeapBytes: number;
  eventLoopP99Ms: number;
  samplesPerSecond: number;
  connectedBoxes: number;
  requests: number;
  listP50Ms: number;
  listP99Ms: number;
  allP99Ms: number;
  errors: number;
}

const newWindow = (): Window => ({ latencies: { list: [], counts: [], realtime: [] }, errors: 0 });
let currentWindow = newWindow();
const listLatencies: number[] = [];
const errorsShown = new Set<string>();
let errorsTotal = 0;

function recordError(message: string): void {
  currentWindow.errors += 1;
  errorsTotal += 1;
  if (errorsShown.size < ERRORS_SHOWN && !errorsShown.has(message)) {
    errorsShown.add(message);
    console.error(`error: ${message}`);
  }
}

/** Ends the waits early on Ctrl-C or SIGTERM: the run stops, and still reports what it measured. */
let stopping = false;
let wake: () => void = () => undefined;
const stopped = new Promise<void>((resolve) => (wake = resolve));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    wake();
  });
}
const pause = (ms: number) => Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), stopped]);

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v2/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const envelope = (await response.json()) as Envelope<LoginResult>;
  if (response.status !== 200) throw new Error(`sign-in of ${username}: HTTP ${response.status} ${envelope.message}`);
  return envelope.data.token;
}

/** A client's GET, timed from sending to the whole answer read; anything but 200 is an error. */
async function timedGet<T>(baseUrl: string, token: string, path: string, call: Call): Promise<T | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
    const envelope = (await response.json()) as Envelope<T>;
    const elapsed = performance.now() - started;
    currentWindow.latencies[call].push(elapsed);
    if (call === 'list') listLatencies.push(elapsed);
    if (response.status === 200) return envelope.data;
    recordError(`${call} ${path}: HTTP ${response.status} ${envelope.message}`);
  } catch (error) {
    recordError(`${call} ${path}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
  }
  return undefined;
}

/** One polling client: a list page (walking through the pages), the status counts, one listed device's live values, then a pause. */
async function poll(baseUrl: string, client: number): Promise<void> {
  const account = POLLERS[client % POLLERS.length]!;
  const token = await signIn(baseUrl, account.username, account.password);
  let pages = 1;
  for (let round = 0; !stopping; round++) {
    const page = 1 + ((client + round * 7) % pages);
    const list = await timedGet<{ total: number; items: DeviceItem[] }>(baseUrl, token, `/devices?page=${page}&page_size=${LIST_PAGE_SIZE}`, 'list');
    pages = Math.max(1, Math.ceil((list?.total ?? 0) / LIST_PAGE_SIZE));
    await timedGet(baseUrl, token, '/devices/status-counts', 'counts');
    const item = list?.items.length ? list.items[round % list.items.length] : undefined;
    if (item?.controller_id != null) await timedGet(baseUrl, token, `/devices/${item.box_id}/controllers/${item.controller_id}/realtime`, 'realtime');
    await pause(THINK_MS);
  }
}

/** The sum of every sample of a metric in a Prometheus exposition (NaN when it has none). */
function metric(exposition: string, name: string): number {
  let sum = Number.NaN;
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(`${name} `) && !line.startsWith(`${name}{`)) continue;
    sum = (Number.isNaN(sum) ? 0 : sum) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const mib = (bytes: number) => (bytes / MIB).toFixed(1);
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

const COLUMNS = [
  'minute',
  'RSS MiB',
  'heap used MiB',
  'live heap MiB (after GC)',
  'event loop p99 ms',
  'samples stored/s',
  'boxes connected',
  'requests',
  'list p50 / p99 ms',
  'all calls p99 ms',
  'errors',
];

function cells(sample: Sample): string[] {
  return [
    sample.minute.toFixed(1),
    mib(sample.rssBytes),
    mib(sample.heapUsedBytes),
    mib(sample.liveHeapBytes),
    ms(sample.eventLoopP99Ms),
    sample.samplesPerSecond.toFixed(0),
    String(sample.connectedBoxes),
    String(sample.requests),
    `${ms(sample.listP50Ms)} / ${ms(sample.listP99Ms)}`,
    ms(sample.allP99Ms),
    String(sample.errors),
  ];
}

const WIDTHS = COLUMNS.map((column) => Math.max(column.length, 8));
const printRow = (row: string[]) => console.log(row.map((cell, index) => cell.padStart(WIDTHS[index]!)).join('  '));

const target: DatabaseTarget = DATABASE_URL ? { kind: 'postgres', adminUrl: DATABASE_URL } : { kind: 'pglite' };
const metricsKey = randomBytes(24).toString('hex');
console.log(
  `soak on ${target.kind}: ${BOXES} boxes (a message every ${MESSAGE_SECONDS} s each), ${CLIENTS} polling clients (${THINK_MS} ms think time), ${MINUTES} min, a sample every ${INTERVAL_SECONDS} s`,
);
const server = await startServer(
  target,
  { DEMO: '1', DEMO_BOXES: '0', DEMO_SIMULATOR: '0', MQTT_PORT: '0', METRICS_KEY: metricsKey },
  // The live heap gauge forces a full collection at each scrape, which needs global.gc.
  ['--expose-gc'],
);
const samples: Sample[] = [];
let exitCode = 0;
try {
  const registered = await registerBoxes({
    api: server.baseUrl,
    username: ROOT.username,
    password: DEMO_PASSWORD,
    ck: CK,
    firstId: FIRST_SIMULATED_BOX_ID,
    count: BOXES,
  });
  if (!registered.ok) throw new Error(registered.message);
  if (!registered.brokerUrl) throw new Error('the server did not report its broker');
  const fleet = createFleet({ url: registered.brokerUrl, boxes: registered.boxes, intervalSeconds: MESSAGE_SECONDS, seed: 1, logger: console });
  fleet.start();
  const connectDeadline = Date.now() + CONNECT_TIMEOUT_MS;
  while (fleet.stats().connected < BOXES && Date.now() < connectDeadline && !stopping) await pause(250);
  if (fleet.stats().connected < BOXES) console.warn(`only ${fleet.stats().connected} of ${BOXES} boxes connected in ${CONNECT_TIMEOUT_MS / 1000} s`);

  const scrape = async () => {
    const response = await fetch(`${server.baseUrl}/api/v2/metrics/prometheus`, { headers: { 'x-metrics-key': metricsKey } });
    if (response.status !== 200) throw new Error(`the metrics answered HTTP ${response.status}`);
    return response.text();
  };
  let previous = { at: performance.now(), stored: metric(await scrape(), 'cloudbox_ingest_samples_total') };
  currentWindow = newWindow();
  const started = performance.now();
  const clients = Array.from({ length: CLIENTS }, (_, client) =>
    poll(server.baseUrl, client).catch((error: Error) => recordError(`client ${client}: ${error.message}`)),
  );
  printRow(COLUMNS);

  const count = Math.floor((MINUTES * 60) / INTERVAL_SECONDS);
  for (let index = 1; index <= count && !stopping; index++) {
    await pause(started + index * INTERVAL_SECONDS * 1000 - performance.now());
    const ended = server.exited();
    if (ended) {
      recordError(`the server process ended (${ended})`);
      break;
    }
    const seen = currentWindow;
    currentWindow = newWindow();
    const exposition = await scrape();
    const now = performance.now();
    const stored = metric(exposition, 'cloudbox_ingest_samples_total');
    const all = [...seen.latencies.list, ...seen.latencies.counts, ...seen.latencies.realtime];
    const sample: Sample = {
      minute: (now - started) / 60_000,
      rssBytes: metric(exposition, 'process_resident_memory_bytes'),
      heapUsedBytes: metric(exposition, 'nodejs_heap_size_used_bytes'),
      liveHeapBytes: metric(exposition, 'cloudbox_heap_live_bytes'),
      eventLoopP99Ms: metric(exposition, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      samplesPerSecond: ((stored - previous.stored) * 1000) / (now - previous.at),
      connectedBoxes: metric(exposition, 'cloudbox_broker_connected_boxes'),
      requests: all.length,
      listP50Ms: percentile(seen.latencies.list, 50),
      listP99Ms: percentile(seen.latencies.list, 99),
      allP99Ms: percentile(all, 99),
      errors: seen.errors,
    };
    previous = { at: now, stored };
    samples.push(sample);
    printRow(cells(sample));
  }
  stopping = true;
  wake();
  await Promise.all(clients);
  const fleetStats = fleet.stats();
  await fleet.stop();
  if (fleetStats.connectFailures > 0) {
    errorsTotal += fleetStats.connectFailures;
    console.error(`error: ${fleetStats.connectFailures} box connections failed`);
  }

  // The live heap over the last two thirds of the run: the first third is the warm-up (caches, JIT, pools filling).
  const settled = samples.filter((sample) => sample.minute >= samples.at(-1)!.minute / 3);
  const heapSlope = slope(settled.map((sample) => ({ x: sample.minute, y: sample.liveHeapBytes })));
  const verdict = [
    `${errorsTotal} errors (requests and box connections; ${fleetStats.dropOuts} simulated drop-outs, ${fleetStats.messages.toLocaleString('en')} messages acknowledged)`,
    `live heap after GC from ${mib(settled[0]?.liveHeapBytes ?? Number.NaN)} to ${mib(settled.at(-1)?.liveHeapBytes ?? Number.NaN)} MiB over minutes ${settled[0]?.minute.toFixed(0)}-${settled.at(-1)?.minute.toFixed(0)}, slope ${(heapSlope / 1024).toFixed(1)} KiB/min`,
    `device list p50 ${ms(percentile(listLatencies, 50))} ms, p99 ${ms(percentile(listLatencies, 99))} ms over ${listLatencies.length.toLocaleString('en')} requests`,
  ];
  console.log(`\nverdict: ${verdict.join('; ')}`);
  if (errorsTotal > 0) exitCode = 1;

  const file = new URL('../../BENCHMARKS.md', import.meta.url).pathname;
  writeSection(file, {
    name: 'soak',
    title: 'Soak',
    description: [
      `The built server on ${target.kind} (its own process, started with --expose-gc) with ${BOXES} boxes of the simulator registered through \`POST /boxes\`, each publishing a data message every ${MESSAGE_SECONDS} s to the embedded broker, and ${CLIENTS} clients signed in as the demo accounts of CK ${CK} and root, each in a loop: a device list page (\`GET /devices?page=N\`, walking through the pages), \`GET /devices/status-counts\`, one listed device's \`realtime\`, then ${THINK_MS} ms of think time.`,
      `Every ${INTERVAL_SECONDS} s: the server's RSS, heap used, live heap after the full GC that the scrape forces (\`cloudbox_heap_live_bytes\`) and event-loop delay p99 over the interval, from \`GET /api/v2/metrics/prometheus\`; the clients' latency (sent to answer read) and errors over the interval.`,
      `**Verdict**: ${verdict.join('; ')}.`,
    ].join('\n\n'),
    machine: describeMachine(),
    command: `npm run soak${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    columns: COLUMNS,
    rows: samples.map(cells),
  });
  console.log(`written to ${file}`);
} finally {
  await server.stop();
}
process.exitCode = exitCode;
