/**
 * Where the time of ingest goes: the ingest benchmark's load (40 boxes, 70 points a message, 8 in
 * flight) against a server run with `node --cpu-prof`, then the profile of the loaded seconds
 * summarised (profile-summary.ts). With `--fleet N`: N registered boxes of one controller connect at
 * once (one message each per 10 s, as the benchmark's fleet), and the profile covers their
 * connecting, until all are connected or 120 s have passed. The profile file stays for a flame
 * graph (Chrome DevTools or speedscope).
 *
 *   npm run profile -w bench -- [--seconds 20] [--fleet 10000] [--database postgres://…]
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createFleet } from '@cloudbox/simulator';
import { LOAD_BOXES, LOAD_CONTROLLERS, register, signIn, startLoad, type Api } from './benchmarks/ingest.js';
import { summarize } from './profile-summary.js';
import { startServer } from './server.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, fleet: { type: 'string' }, database: { type: 'string' } },
});
const seconds = Number(values.seconds);
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dir = mkdtempSync(join(tmpdir(), 'cloudbox-profile-'));
const CONNECT_DEADLINE_MS = 120_000;

/** Where the profiled seconds start and end. */
interface Marks {
  start(): void;
  end(): void;
}

/** The benchmark's load for `seconds`: what it committed per second. */
async function underLoad(api: Api, brokerUrl: string, profiled: Marks): Promise<string> {
  const boxes = await register(api, 600_000_001, LOAD_BOXES, LOAD_CONTROLLERS);
  const fleet = await startLoad(brokerUrl, boxes);
  profiled.start();
  const before = await api.get<{ ingest: { points: number } }>('/metrics');
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await api.get<{ ingest: { points: number } }>('/metrics');
  profiled.end();
  await fleet.stop();
  return `${Math.round((after.ingest.points - before.ingest.points) / seconds).toLocaleString('en')} points/s committed while profiled`;
}

/** `count` boxes connecting at once: how many connected, and how long it took. */
async function connecting(api: Api, brokerUrl: string, count: number, profiled: Marks): Promise<string> {
  const boxes = await register(api, 610_000_001, count, [LOAD_CONTROLLERS[0]!]);
  const fleet = createFleet({ url: brokerUrl, boxes, intervalSeconds: 10, seed: 5, dropOutRate: 0 });
  profiled.start();
  const since = performance.now();
  fleet.start();
  while (fleet.stats().connected < count && performance.now() - since < CONNECT_DEADLINE_MS) await new Promise((resolve) => setTimeout(resolve, 250));
  const { connected, connectFailures } = fleet.stats();
  const took = (performance.now() - since) / 1000;
  profiled.end();
  await Promise.race([fleet.stop(), new Promise((resolve) => setTimeout(resolve, 60_000))]);
  return `${connected.toLocaleString('en')} of ${count.toLocaleString('en')} connected in ${took.toFixed(1)} s (${connectFailures} connect failures)`;
}

const spawned = performance.now();
const server = await startServer({ kind: 'postgres', adminUrl }, { DEMO_BOXES: '0', DEMO_SIMULATOR: '0', MQTT_PORT: '0' }, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
const at = () => (performance.now() - spawned) / 1000;
const window = { since: 0, until: 0 };
const profiled: Marks = { start: () => (window.since = at()), end: () => (window.until = at()) };
try {
  const api = await signIn(server.baseUrl);
  const { broker } = await api.get<{ broker: { tcpPort: number } }>('/metrics');
  const brokerUrl = `mqtt://127.0.0.1:${broker.tcpPort}`;
  console.log(values.fleet === undefined ? await underLoad(api, brokerUrl, profiled) : await connecting(api, brokerUrl, Number(values.fleet), profiled));
} finally {
  await server.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}: did the server exit cleanly?`);
console.log(`profile: ${join(dir, file)} (the profiled seconds: ${window.since.toFixed(1)} to ${window.until.toFixed(1)} s after the spawn)\n`);
console.log(summarize(join(dir, file), window.since, window.until));
