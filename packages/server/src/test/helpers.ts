import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, type Envelope, type LoginResult } from '@cloudbox/domain';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type App, type AppDependencies } from '../app.js';
import { IN_MEMORY, loadConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/index.js';
import { createPasswordHasher, type PasswordHasher } from '../modules/users/passwords.js';
import { seedDemo } from '../seed.js';

export type DatabaseKind = Database['kind'];

/**
 * The databases the integration tests run on: always an in-memory PGlite, and a real PostgreSQL
 * too when TEST_DATABASE_URL is set (each test file gets a fresh database there, dropped after).
 */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Modest argon2id cost so that the suite stays fast; production uses the configured default. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: IN_MEMORY,
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    WEB_DIST: '/nonexistent/cloudbox-web-dist',
    // Each test app's embedded broker on a port of its own, never a shared 1883.
    MQTT_PORT: '0',
    ...env,
  });
}

let snapshot: Promise<Blob | undefined> | undefined;

/** The migrated PGlite of the run's global set-up (src/test/global-setup.ts); none when a file runs without it. */
function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return snapshot;
}

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** `serverUrl`: the PostgreSQL server to create the database on (TEST_DATABASE_URL, or a proxy in front of it). */
export async function openTestDatabase(kind: DatabaseKind, serverUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: undefined }, { pgliteSnapshot: await pgliteSnapshot() });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cloudbox_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = inject('postgresTemplate');
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
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
  const opened = await openTestDatabase(kind, databaseServerUrl);
  const database = wrapDatabase ? wrapDatabase(opened.database) : opened.database;
  const dispose = opened.dispose;
  const passwords = createPasswordHasher(config.argon2);
  await seedDemo(database.db, passwords);
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
