import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, type Envelope, type LoginResult } from '@cloudbox/domain';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type App, type AppDependencies } from '../app.js';
import { IN_MEMORY, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/index.js';
import { createPasswordHasher, type PasswordHasher } from '../modules/users/passwords.js';
import { seedDemo } from '../seed.js';
import { givePooled, takePooled } from './pglite-pool.js';
import { testConfig } from './config.js';

export { testConfig };

export type DatabaseKind = Database['kind'];

/**
 * The databases the integration tests run on: always an in-memory PGlite, and a real PostgreSQL
 * too when TEST_DATABASE_URL is set (each test file gets a fresh database there, dropped after).
 */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const snapshots = new Map<string, Promise<Blob>>();

/** A PGlite data directory the run's global set-up dumped (src/test/global-setup.ts), read once by each worker. */
function pgliteSnapshot(file: string): Promise<Blob> {
  let snapshot = snapshots.get(file);
  if (!snapshot) snapshots.set(file, (snapshot = readFile(file).then((bytes) => new Blob([bytes]))));
  return snapshot;
}

export interface TestDatabase {
  database: Database;
  /** Whether it came with the demo accounts (`seeded` asked, and the run's global set-up made the copy). */
  seeded: boolean;
  dispose(): Promise<void>;
}

/**
 * A migrated database as the global set-up left it: with the demo accounts already in when `seeded`
 * is asked. PGlite: a worker's copies are reused, each brought back to the snapshot on `dispose` (test/pglite-pool.ts). `serverUrl`: the PostgreSQL server to create it on (TEST_DATABASE_URL, or a proxy in front of it).
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  serverUrl = process.env.TEST_DATABASE_URL,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const copyOf =
    kind === 'pglite' ? inject(seeded ? 'pgliteSeededSnapshot' : 'pgliteSnapshot') : inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate');
  if (kind === 'pglite') {
    const open = async () => {
      const snapshot = copyOf ? await pgliteSnapshot(copyOf) : undefined;
      const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: undefined }, { pgliteSnapshot: snapshot });
      await database.migrate();
      return database;
    };
    const database = await takePooled(copyOf, open);
    return { database, seeded: seeded && Boolean(copyOf), dispose: () => givePooled(copyOf, database) };
  }
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cloudbox_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(copyOf ? `create database "${name}" template "${copyOf}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    seeded: seeded && Boolean(copyOf),
    async dispose() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  passwords: PasswordHasher;
  config: Config;
  dispose(): Promise<void>;
}

/** A migrated database with the demo accounts, and the app on top of it. */
export async function startTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    /** Puts something between the app and its database (to make it fail on cue). */
    wrapDatabase?: (database: Database) => Database;
    /** PostgreSQL: the server to use instead of TEST_DATABASE_URL's (a proxy that can be cut). */
    databaseServerUrl?: string;
  } & Omit<Partial<AppDependencies>, 'config' | 'database'> = {},
): Promise<TestApp> {
  const { env, wrapDatabase, databaseServerUrl, ...dependencies } = options;
  const config = testConfig(env);
  const opened = await openTestDatabase(kind, databaseServerUrl, { seeded: true });
  const database = wrapDatabase ? wrapDatabase(opened.database) : opened.database;
  const dispose = opened.dispose;
  const passwords = createPasswordHasher(config.argon2);
  if (!opened.seeded) await seedDemo(database.db, passwords);
  const app = buildApp({ config, database, ...dependencies });
  await app.ready();
  return {
    app,
    database,
    passwords,
    config,
    async dispose() {
      await app.close();
      await dispose();
    },
  };
}

/** Asks for English answers (the default is Chinese), as most assertions are written in English. */
export const EN = { 'accept-language': 'en' };

/** Each login comes from its own address unless one is given, so the per-IP limit stays out of the way. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function login(
  app: App,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v2/user/login',
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.headers,
    cookies: options.cookies,
  });
}

export async function signIn(app: App, username: string, password: string): Promise<string> {
  const response = await login(app, { username, password });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return envelopeOf<LoginResult>(response).data.token;
}

/** Tokens of the demo users named (each signs in with the demo password), by username. */
export async function signInDemo<const Username extends string>(app: App, usernames: Username[]): Promise<Record<Username, string>> {
  const tokens = {} as Record<Username, string>;
  for (const username of usernames) tokens[username] = await signIn(app, username, DEMO_PASSWORD);
  return tokens;
}

export function envelopeOf<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
