import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CK_CODES, DEMO_PASSWORD, getDeviceType } from '@cloudbox/domain';
import { createDatabase, type Database } from '@cloudbox/server/dist/db/index.js';
import { syncBuiltInDeviceTypes } from '@cloudbox/server/dist/fleet/device-types.js';
import { createPartitions } from '@cloudbox/server/dist/ingest/partitions.js';
import { createPasswordHasher } from '@cloudbox/server/dist/modules/users/passwords.js';
import { seedDemo } from '@cloudbox/server/dist/seed.js';
import type autocannon from 'autocannon';
import postgres from 'postgres';
import { load, type LoadResult } from '../http-load.js';
import { startServer, type DatabaseTarget, type RunningServer } from '../server.js';
import type { Benchmark } from '../types.js';

const DAY_MS = 86_400_000;
const FLEET_BOXES = 10_000;
const FIRST_FLEET_BOX = 700_000_001;
/** demo_manager's two levels of sub-managers: the first CK's boxes are owned a third at each level. */
const HIERARCHY = ['demo_manager', 'bench_level2', 'bench_level3'] as const;
/** The box whose one controller carries a year of history. */
const SERIES_BOX = '800000001';
const SERIES_REGISTERS = 30;
const TIME_ZONE = 'Asia/Shanghai';
/**
 * One sample every 10 s on PostgreSQL (3.15 million rows for the year); PGlite, single-threaded
 * WebAssembly, loads one every 60 s (526,000 rows) in reasonable time. The rollups, which is all
 * the measured calls read, have the same rows either way: 8,760 hours and 365 days per register.
 */
const SAMPLE_SECONDS = { postgres: 10, pglite: 60 } as const;

interface Loaded {
  /** Epoch ms: the end of the history and of the measured ranges. */
  now: number;
  samples: number;
  loadSeconds: number;
}

const loads = new Map<RunningServer, Loaded>();

function log(message: string): void {
  console.log(`  queries: ${message}`);
}

async function run(database: Database, statement: string): Promise<void> {
  await database.db.execute(statement);
}

async function rows<T>(database: Database, statement: string): Promise<T[]> {
  const result = (await database.db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The fleet in a few set-based statements: boxes of two CKs, one to three controllers each, active and closed fault records. */
async function loadFleet(database: Database): Promise<void> {
  const codes = DEMO_CK_CODES.map((ck) => `('${ck.code}', '${ck.name}')`).join(', ');
  await run(database, `insert into ck_codes (code, name) values ${codes} on conflict do nothing`);
  await run(
    database,
    `insert into boxes (id, ck, model, software, iccid, install_date, expiry_date, owner_unit, province, city, district, street,
       latitude, longitude, contact, phone, remark, secret_hash, online, last_seen_at, status_changed_at, last_ip)
     select (${FIRST_FLEET_BOX - 1} + n)::text, case when n % 7 = 0 then '2002' else '1001' end,
       (array['CB-4G', 'CB-4G Pro', 'CB-LTE Cat.1'])[1 + n % 3], 'CB-OS 2.' || (n % 5), '898604' || lpad(n::text, 14, '0'),
       current_date - (n % 1000), current_date + (n % 900) - 60, 'Owner ' || (n % 800) || ' Co., Ltd.', 'Province ' || (n % 30),
       'City ' || (n % 120), 'District ' || (n % 7), 'Industrial Road ' || (n % 300), 20 + (n % 2000) / 100.0, 100 + (n % 2500) / 100.0,
       'Contact ' || (n % 500), '138' || lpad(n::text, 8, '0'), case when n % 10 = 0 then 'spare unit' else '' end,
       encode(sha256(n::text::bytea), 'hex'), n % 5 < 3, now() - (n % 600) * interval '1 second', now() - interval '1 day', '10.1.' || (n % 250) || '.' || (n % 200)
     from generate_series(1, ${FLEET_BOXES}) as n`,
  );
  await run(
    database,
    `insert into controllers (box_id, station, device_type_id, machine_model, device_number)
     select b.id, s, (array['maglev_blower', 'air_compressor', 'generic_plc'])[1 + (b.id::bigint + s) % 3], 'MODEL-' || (b.id::bigint % 40), b.id || '-' || s
     from boxes b cross join generate_series(1, 3) as s
     where b.id::bigint >= ${FIRST_FLEET_BOX} and s <= 1 + b.id::bigint % 3`,
  );
  // Active: an alert on one controller in twenty, a fault on one in fifty; closed: five per controller, the history.
  await run(
    database,
    `insert into fault_records (controller_id, severity, code, message, register, value, started_at, ended_at)
     select c.id, case when c.id % 50 = 0 then 'fault' else 'alert' end, 1, '{"zh":"告警","en":"Alert","es":"Alerta","ja":"警告"}'::jsonb, 1, 1,
       now() - (c.id % 1000) * interval '1 minute', null
     from controllers c where c.id % 20 = 0 or c.id % 50 = 0`,
  );
  await run(
    database,
    `insert into fault_records (controller_id, severity, code, message, register, value, started_at, ended_at)
     select c.id, case when k % 2 = 0 then 'fault' else 'alert' end, k, '{"zh":"历史","en":"Past","es":"Pasado","ja":"過去"}'::jsonb, 1, k,
       now() - (k * 7 + c.id % 7) * interval '1 day', now() - (k * 7 + c.id % 7) * interval '1 day' + interval '20 minutes'
     from controllers c cross join generate_series(1, 5) as k`,
  );
  await run(
    database,
    `insert into unregistered_boxes (id, attempts, last_ip) select (900000000 + n)::text, n, '203.0.113.' || (n % 250) from generate_series(1, 200) as n`,
  );
}

/**
 * demo_manager at the top of three levels (issue 5's benchmark): the demo accounts as the server
 * seeds them, two sub-managers below it, and the first CK's boxes owned a third at each level;
 * the series box by the lowest level, so its calls go through the whole hierarchy.
 */
async function loadHierarchy(database: Database): Promise<void> {
  await seedDemo(database.db, createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }));
  for (const [index, username] of HIERARCHY.entries()) {
    if (index === 0) continue;
    await run(
      database,
      `insert into users (username, password_hash, roles, ck, level, is_manager, parent_id)
       select '${username}', 'not a hash: cannot sign in', '{manager}', '1001', ${index + 1}, true, id from users where username = '${HIERARCHY[index - 1]}'`,
    );
  }
  await run(
    database,
    `update boxes set owner_id = u.id, owned_since = now() from users u
     where boxes.ck = '1001' and u.username = (array['${HIERARCHY.join("', '")}'])[1 + boxes.id::bigint % 3]`,
  );
  await run(database, `update boxes set owner_id = (select id from users where username = '${HIERARCHY[2]}') where id = '${SERIES_BOX}'`);
}

/**
 * A year of samples of one controller with 30 registers, a day per statement, then its hourly
 * rollups by the same aggregation the ingest runs (open and close by sample time).
 */
async function loadSeries(database: Database, target: DatabaseTarget['kind'], now: number): Promise<number> {
  const registers = getDeviceType('maglev_blower')!
    .registers.slice(0, SERIES_REGISTERS)
    .map((register) => register.number);
  await run(
    database,
    `insert into boxes (id, ck, model, owner_unit, secret_hash, online, last_seen_at) values ('${SERIES_BOX}', '1001', 'CB-4G', 'Series Owner', repeat('0', 64), true, now())`,
  );
  await run(database, `insert into controllers (box_id, station, device_type_id) values ('${SERIES_BOX}', 1, 'maglev_blower')`);
  const [controller] = await rows<{ id: number }>(database, `select id from controllers where box_id = '${SERIES_BOX}'`);
  const id = controller!.id;
  const step = SAMPLE_SECONDS[target];
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS - 365 * DAY_MS;
  const days = Array.from({ length: 366 }, (_, index) => firstDay + index * DAY_MS);
  await createPartitions(database.db, 400).ensure(days);
  const readings = registers.map((_, index) => `${50 + index} + 20 * sin(date_part('epoch', ts) / ${3600 + index * 600}) + 3 * random()`).join(', ');
  for (const day of days) {
    const end = Math.min(day + DAY_MS, now);
    await run(
      database,
      `insert into samples (controller_id, ts, registers, readings)
       select ${id}, ts, '{${registers.join(',')}}'::int[], array[${readings}]
       from generate_series('${new Date(day).toISOString()}'::timestamptz, '${new Date(end).toISOString()}'::timestamptz - interval '1 millisecond', interval '${step} seconds') as ts`,
    );
    await run(
      database,
      `insert into rollups_hourly (controller_id, register, bucket, open, close, min, max, sum, count, open_ts, close_ts)
       select s.controller_id, p.register, date_trunc('hour', s.ts, '${TIME_ZONE}'),
         (array_agg(p.reading order by s.ts))[1], (array_agg(p.reading order by s.ts desc))[1],
         min(p.reading), max(p.reading), sum(p.reading), count(*), min(s.ts), max(s.ts)
       from samples s cross join lateral unnest(s.registers, s.readings) as p(register, reading)
       where s.controller_id = ${id} and s.ts >= '${new Date(day).toISOString()}' and s.ts < '${new Date(day + DAY_MS).toISOString()}'
       group by 1, 2, 3`,
    );
  }
  const [counted] = await rows<{ samples: number }>(database, `select count(*)::int as samples from samples where controller_id = ${id}`);
  return counted!.samples;
}

async function loadData(database: Database, target: DatabaseTarget['kind']): Promise<Loaded> {
  const started = Date.now();
  const now = started;
  await database.migrate();
  await syncBuiltInDeviceTypes(database.db);
  await loadFleet(database);
  log(`fleet of ${FLEET_BOXES} boxes loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const samples = await loadSeries(database, target, now);
  await loadHierarchy(database);
  await run(database, 'vacuum analyze');
  const loadSeconds = (Date.now() - started) / 1000;
  log(`${samples} samples and their rollups loaded in ${loadSeconds.toFixed(0)} s`);
  return { now, samples, loadSeconds };
}

/** The server on a database loaded here beforehand, with nothing else running in it (no demo boxes, no simulator). */
async function startLoadedServer(target: DatabaseTarget): Promise<RunningServer> {
  const env: Record<string, string> = {
    DEMO_BOXES: '0',
    DEMO_SIMULATOR: '0',
    MQTT_PORT: '0',
    // Keep the year of raw samples, and the fleet's online boxes online while nothing talks to them.
    RAW_RETENTION_DAYS: '400',
    BOX_OFFLINE_AFTER_S: '86400',
  };
  let cleanup: () => Promise<void>;
  let database: Database;
  if (target.kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-bench-queries-'));
    database = await createDatabase({ dataDir, databaseUrl: undefined });
    env.DATA_DIR = dataDir;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `cloudbox_bench_queries_${process.pid}_${Date.now()}`;
    const admin = postgres(target.adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(target.adminUrl!);
    url.pathname = `/${name}`;
    database = await createDatabase({ dataDir: ':memory:', databaseUrl: url.toString() });
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  let loaded: Loaded;
  try {
    loaded = await loadData(database, target.kind);
  } catch (error) {
    await database.close();
    await cleanup();
    throw error;
  }
  await database.close();
  // startServer makes a database of its own only for a postgres target: this one is made and loaded above.
  const server = await startServer({ kind: 'pglite' }, env).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  const running: RunningServer = {
    ...server,
    async stop() {
      await server.stop();
      await cleanup();
      loads.delete(running);
    },
  };
  loads.set(running, loaded);
  return running;
}

export const queriesBenchmark: Benchmark = {
  name: 'queries',
  title: 'Device queries',
  description: [
    `autocannon against the running server on a loaded database: ${FLEET_BOXES.toLocaleString('en')} boxes (two CKs, one to three controllers each, active and closed fault records) and one controller with a year of samples of ${SERIES_REGISTERS} registers (every ${SAMPLE_SECONDS.postgres} s on PostgreSQL, every ${SAMPLE_SECONDS.pglite} s on PGlite) with its hourly rollups, loaded in SQL before the server starts (DEMO_BOXES=0, DEMO_SIMULATOR=0).`,
    "Signed in as demo_manager, the top of a three-level hierarchy that owns the first CK's boxes a third at each level (about 8,600 boxes, 17,000 devices; the series box at the lowest level); the rows marked root sign in as demo_root, who sees every box. Targets: K-lines under 20 ms p50, the year's curve at 2,000 points under 100 ms, the device list page under 30 ms p50 with 100 concurrent requests (PostgreSQL).",
  ].join(' '),
  columns: ['database', 'call', 'data', 'connections', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
  start: startLoadedServer,
  async run(server, target, options) {
    const loaded = loads.get(server);
    if (!loaded) throw new Error('the queries benchmark runs on the server it started');
    const signIn = async (username: string) => {
      const login = await fetch(`${server.baseUrl}/api/v2/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
      if (!token) throw new Error(`log-in of ${username} failed with HTTP ${login.status}`);
      return { authorization: `Bearer ${token}` };
    };
    const managerHeaders = await signIn('demo_manager');
    const rootHeaders = await signIn('demo_root');
    const series = `${server.baseUrl}/api/v2/devices/${SERIES_BOX}/controllers/1`;
    const year = `from=${loaded.now - 365 * DAY_MS}&to=${loaded.now}`;
    const month = `from=${loaded.now - 30 * DAY_MS}&to=${loaded.now}`;
    const calls: { call: string; data: string; url: string; connections: number[]; varyPage?: boolean; asRoot?: boolean }[] = [
      { call: 'GET …/kline interval=day', data: 'a year: 365 candles', url: `${series}/kline?register=11&interval=day&${year}`, connections: [1, 10] },
      { call: 'GET …/kline interval=hour', data: '30 days: 720 candles', url: `${series}/kline?register=11&interval=hour&${month}`, connections: [1, 10] },
      { call: 'GET …/history points=2000', data: 'a year, 1 register', url: `${series}/history?registers=11&points=2000&${year}`, connections: [1, 10] },
      { call: 'GET …/history points=2000', data: 'a year, 4 registers', url: `${series}/history?registers=10,11,12,13&points=2000&${year}`, connections: [1] },
      { call: 'GET /devices', data: 'page 1 of 20', url: `${server.baseUrl}/api/v2/devices?page=1&page_size=20`, connections: [1, 100] },
      // Every request a page of its own: no reused page answers, only the reused total.
      {
        call: 'GET /devices',
        data: 'a random page of 20 (no page reused)',
        url: `${server.baseUrl}/api/v2/devices?page=1&page_size=20`,
        connections: [1, 100],
        varyPage: true,
      },
      {
        call: 'GET /devices',
        data: 'status=offline_alert, keyword, sorted by expiry',
        url: `${server.baseUrl}/api/v2/devices?status=offline_alert&keyword=Owner%201&sort=expiry_date&order=desc&page=2&page_size=20`,
        connections: [100],
      },
      { call: 'GET /devices/status-counts', data: 'whole fleet', url: `${server.baseUrl}/api/v2/devices/status-counts`, connections: [100] },
      {
        call: 'GET /devices as root',
        data: 'all 10,001 boxes: page 1 of 20',
        url: `${server.baseUrl}/api/v2/devices?page=1&page_size=20`,
        connections: [100],
        asRoot: true,
      },
      {
        call: 'GET /devices as root',
        data: 'all 10,001 boxes: a random page of 20',
        url: `${server.baseUrl}/api/v2/devices?page=1&page_size=20`,
        connections: [1, 100],
        varyPage: true,
        asRoot: true,
      },
      { call: 'GET …/realtime', data: 'a box two levels down', url: `${series}/realtime`, connections: [1, 100] },
    ];
    const results: string[][] = [];
    for (const call of calls) {
      const headers = call.asRoot ? rootHeaders : managerHeaders;
      const check = await fetch(call.url, { headers });
      if (!check.ok) throw new Error(`${call.url} answered HTTP ${check.status}: ${await check.text()}`);
      for (const connections of call.connections) {
        const varied = call.varyPage
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => ({
                    ...request,
                    path: (request.path ?? '').replace(/page=\d+/, `page=${1 + Math.floor(Math.random() * 800)}`),
                  }),
                },
              ],
            }
          : {};
        const result: LoadResult = await load({ url: call.url, headers, connections, duration: options.durationSeconds, ...varied });
        log(`${call.call} (${call.data}) × ${connections}: p50 ${result.p50} ms, ${result.rps.toFixed(0)} requests/s`);
        results.push([
          target.kind,
          call.call,
          call.data,
          String(connections),
          result.rps.toFixed(0),
          String(result.p50),
          String(result.p99),
          String(result.errors + result.non2xx),
        ]);
      }
    }
    return results;
  },
};
