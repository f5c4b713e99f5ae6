// The demo server of the end-to-end tests (playwright.config.ts starts it). With TEST_DATABASE_URL set
// (CI), on a database of its own on that PostgreSQL server, created here and dropped when the server
// ends: the console is then tested end to end on the database a production install runs on, and the
// demo's writes (a week of history, the live fleet) cost native PostgreSQL rather than the embedded
// PGlite's WebAssembly in the server's own thread. Without it, on the embedded PGlite, as `npm start`.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import postgres from 'postgres';

const main = new URL('../packages/server/dist/main.js', import.meta.url).pathname;
const PREFIX = 'cloudbox_e2e_';
/** A database of a run that was killed before it could drop it is dropped by a later run after this long. */
const STALE_MS = 6 * 3600_000;

const serverUrl = process.env.TEST_DATABASE_URL;
const env = { ...process.env };
let admin;
let database;
if (serverUrl) {
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const stale = await admin`select datname from pg_database where datname like ${`${PREFIX}%`}`;
  for (const { datname } of stale) {
    if (Date.now() - Number(datname.slice(PREFIX.length)) > STALE_MS) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  }
  database = `${PREFIX}${Date.now()}`;
  await admin.unsafe(`create database "${database}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

// E2E_CPU_PROF=<dir>: the server writes a CPU profile there when it ends (README, "Profile of the end-to-end server").
const profileDir = process.env.E2E_CPU_PROF;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const server = spawn(process.execPath, [...profile, main], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
const code = await new Promise((resolve) => server.on('exit', (exitCode) => resolve(exitCode ?? 1)));
if (admin) {
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.end();
}
process.exit(code);
