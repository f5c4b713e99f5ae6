/**
 * Where the time of ingest goes: the ingest benchmark's load (40 boxes, 70 points a message, 8 in
 * flight) against a server run with `node --cpu-prof`, then the profile of the loaded seconds
 * summarised (profile-summary.ts). The profile file stays for a flame graph (Chrome DevTools or
 * speedscope).
 *
 *   npm run profile -w bench -- [--seconds 20] [--database postgres://…]
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOAD_BOXES, LOAD_CONTROLLERS, register, signIn, startLoad } from './benchmarks/ingest.js';
import { summarize } from './profile-summary.js';
import { startServer } from './server.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, database: { type: 'string' } } });
const seconds = Number(values.seconds);
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dir = mkdtempSync(join(tmpdir(), 'cloudbox-profile-'));

const spawned = performance.now();
const server = await startServer({ kind: 'postgres', adminUrl }, { DEMO_BOXES: '0', DEMO_SIMULATOR: '0', MQTT_PORT: '0' }, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
let window: { since: number; until: number };
try {
  const api = await signIn(server.baseUrl);
  const { broker } = await api.get<{ broker: { tcpPort: number } }>('/metrics');
  const boxes = await register(api, 600_000_001, LOAD_BOXES, LOAD_CONTROLLERS);
  const fleet = await startLoad(`mqtt://127.0.0.1:${broker.tcpPort}`, boxes);
  const since = (performance.now() - spawned) / 1000;
  const before = await api.get<{ ingest: { points: number } }>('/metrics');
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await api.get<{ ingest: { points: number } }>('/metrics');
  window = { since, until: (performance.now() - spawned) / 1000 };
  await fleet.stop();
  console.log(`${Math.round((after.ingest.points - before.ingest.points) / seconds).toLocaleString('en')} points/s committed while profiled`);
} finally {
  await server.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}: did the server exit cleanly?`);
console.log(`profile: ${join(dir, file)} (the loaded seconds: ${window.since.toFixed(1)} to ${window.until.toFixed(1)} s after the spawn)\n`);
console.log(summarize(join(dir, file), window.since, window.until));
