import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { authBenchmark } from './benchmarks/auth.js';
import { consoleBenchmark } from './benchmarks/console.js';
import { ingestBenchmark } from './benchmarks/ingest.js';
import { noticesBenchmark } from './benchmarks/notices.js';
import { queriesBenchmark } from './benchmarks/queries.js';
import { describeMachine } from './machine.js';
import { writeSection } from './report.js';
import { startServer, type DatabaseTarget } from './server.js';
import type { Benchmark } from './types.js';

const BENCHMARKS: Benchmark[] = [authBenchmark, queriesBenchmark, ingestBenchmark, consoleBenchmark, noticesBenchmark];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    database: { type: 'string' },
    /** Which kinds of database to run on: pglite, postgres or both (the default). */
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});

async function reachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function targets(): Promise<DatabaseTarget[]> {
  const kinds = values.databases.split(',');
  const list: DatabaseTarget[] = kinds.includes('pglite') ? [{ kind: 'pglite' }] : [];
  if (!kinds.includes('postgres')) return list;
  const url = values.database ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await reachable(url)) list.push({ kind: 'postgres', adminUrl: url });
  else console.warn(`PostgreSQL at ${url} does not answer: benchmarking the embedded database only`);
  return list;
}

const selected = BENCHMARKS.filter((b) => !values.only || values.only.split(',').includes(b.name));
const options = { durationSeconds: Number(values.duration) };
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const machine = describeMachine();
const file = new URL('../../BENCHMARKS.md', import.meta.url).pathname;

for (const benchmark of selected) {
  const rows: string[][] = [];
  for (const target of await targets()) {
    console.log(`${benchmark.name} on ${target.kind}…`);
    const server = await (benchmark.start ? benchmark.start(target) : startServer(target));
    try {
      rows.push(...(await benchmark.run(server, target, options)));
    } finally {
      await server.stop();
    }
  }
  for (const row of rows) console.log(row.join('\t'));
  writeSection(file, { ...benchmark, machine, command, rows });
}
console.log(`written to ${file}`);
