/**
 * Where a server's CPU time went: reads a `.cpuprofile` (node --cpu-prof) and answers the self
 * time by part (the broker, JSON, our ingest, the database driver, ...) and the busiest files and
 * functions of our own code, as Markdown tables for BENCHMARKS.md (`npm run profile -w bench`).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The parts, tried in order: the first whose test matches a frame names it. */
const PARTS: [string, (frame: CallFrame) => boolean][] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['V8 and native code (program)', (f) => f.functionName === '(program)'],
  [
    'broker: Aedes, MQTT packets',
    (f) => /node_modules\/(aedes|aedes-[a-z-]+|mqtt-packet|mqemitter|qlobber|bl|fastfall|fastparallel|fastseries|reusify|retimer|hyperid)\//.test(f.url),
  ],
  ['MQTT client (mqtt.js)', (f) => /node_modules\/mqtt\//.test(f.url)],
  ['PostgreSQL driver (postgres.js)', (f) => /node_modules\/postgres\//.test(f.url)],
  ['PGlite', (f) => /node_modules\/@electric-sql\//.test(f.url)],
  ['Drizzle ORM', (f) => /node_modules\/drizzle-orm\//.test(f.url)],
  ['zod', (f) => /node_modules\/zod\//.test(f.url)],
  ['Fastify, HTTP, WebSocket', (f) => /node_modules\/(fastify|@fastify|ws|find-my-way|light-my-request|avvio|pino[a-z-]*|sonic-boom)\//.test(f.url)],
  ['JSON (parse, stringify)', (f) => f.url === '' && /^(parse|stringify|JSONParse|JSONStringify)$/.test(f.functionName)],
  ['our ingest (packages/server/dist/ingest)', (f) => /packages\/server\/dist\/ingest\//.test(f.url)],
  ['our realtime push (packages/server/dist/realtime)', (f) => /packages\/server\/dist\/realtime\//.test(f.url)],
  ['our other server code', (f) => /packages\/server\/dist\//.test(f.url)],
  ['domain (packages/domain)', (f) => /packages\/domain\//.test(f.url)],
  ['Node internals (streams, net, timers, buffers)', (f) => f.url.startsWith('node:')],
  ['other packages', (f) => f.url.includes('node_modules/')],
];

/**
 * Each sampled node's self time in microseconds, of the samples between `since` and `until`
 * microseconds after the profile's start: a sample lasts until the next one.
 */
export function selfMicrosByNode(profile: Pick<Profile, 'samples' | 'timeDeltas'>, since = 0, until = Infinity): Map<number, number> {
  const selfMicros = new Map<number, number>();
  let clock = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    clock += profile.timeDeltas[index] ?? 0;
    if (clock < since || clock > until) continue;
    const id = profile.samples[index]!;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  }
  return selfMicros;
}

/** The summary of `file`'s samples between `sinceSeconds` and `untilSeconds` after the profile's start. */
export function summarize(file: string, sinceSeconds = 0, untilSeconds = Infinity): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const since = sinceSeconds * 1e6;
  const until = untilSeconds * 1e6;

  const selfMicros = selfMicrosByNode(profile, since, until);

  const parts = new Map<string, number>();
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame;
    const part = PARTS.find(([, test]) => test(frame))?.[0] ?? 'other';
    parts.set(part, (parts.get(part) ?? 0) + micros);
    total += micros;
    const own = /packages\/(server|domain)\/dist\/(.*)$/.exec(frame.url);
    if (own) {
      const name = `${own[1]}/${own[2]}`;
      files.set(name, (files.get(name) ?? 0) + micros);
      const fn = `${frame.functionName || '(anonymous)'} (${name})`;
      functions.set(fn, (functions.get(fn) ?? 0) + micros);
    }
  }
  const busy = total - (parts.get('idle') ?? 0);
  const table = (title: string, rows: Map<string, number>, limit: number) =>
    [
      `| ${title} | self time | of busy time |`,
      '| --- | --- | --- |',
      ...[...rows]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([name, micros]) => `| ${name} | ${(micros / 1e6).toFixed(2)} s | ${((micros / busy) * 100).toFixed(1)} % |`),
    ].join('\n');
  return [
    `${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s of it busy (${((busy / total) * 100).toFixed(0)} %).`,
    table('part', parts, PARTS.length + 1),
    table('our file', files, 12),
    table('our function', functions, 15),
  ].join('\n\n');
}

// As a command: `npx tsx bench/src/profile-summary.ts <file> [--since <s>] [--until <s>]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { since: { type: 'string' }, until: { type: 'string' } } });
  if (!positionals[0]) {
    console.error('usage: profile-summary <file.cpuprofile> [--since <seconds>] [--until <seconds>]');
    process.exit(2);
  }
  console.log(summarize(positionals[0], Number(values.since ?? 0), values.until === undefined ? Infinity : Number(values.until)));
}
