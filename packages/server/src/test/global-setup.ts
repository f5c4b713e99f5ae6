import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY } from '../config.js';
import { createDatabase, MIGRATIONS_FOLDER, type Database } from '../db/index.js';
import * as schema from '../db/schema.js';
import { createPasswordHasher } from '../modules/users/passwords.js';
import { seedDemo } from '../seed.js';
import { testConfig } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite's data directory (`dumpDataDir`), in a file: every test database starts from it. */
    pgliteSnapshot: string;
    /** The same with the demo accounts (`seedDemo`): every test app starts from it. */
    pgliteSeededSnapshot: string;
    /** A migrated database on TEST_DATABASE_URL's server that test databases are created from (`create database … template`); '' without it. */
    postgresTemplate: string;
    /** The same with the demo accounts. */
    postgresSeededTemplate: string;
  }
}

/**
 * Once per run, before any test file: the migrations applied once to a PGlite and to a PostgreSQL
 * template, so that each test file's database is a copy (under a second) instead of an initdb and
 * every migration (PGlite's initdb alone takes about 6 s of CPU, and the suite opens over a hundred);
 * and a copy of each with the demo accounts, which every test app starts from (seeding took a PGlite
 * test app 70 to 160 ms of CPU, 460 ms in a worker's first).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'cloudbox-vitest-'));
  const passwords = createPasswordHasher(testConfig().argon2);
  const pglite = new PGlite();
  // The tests' PGlite never creates a database, so its copies do without the two templates initdb
  // makes (40 -> 25 MB of files to load), and each copy is taken at a checkpoint, so a test database
  // starts without replaying the log since the last one.
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  for (const template of ['template0', 'template1']) await pglite.exec(`drop database ${template}`);
  const dump = async (name: string) => {
    const file = join(folder, name);
    await pglite.exec('checkpoint');
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  project.provide('pgliteSnapshot', await dump('pglite.tar'));
  await seedDemo(drizzle({ client: pglite, schema }), passwords);
  project.provide('pgliteSeededSnapshot', await dump('pglite-seeded.tar'));
  await pglite.close();

  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates: string[] = [];
  const admin = serverUrl ? postgres(serverUrl, { max: 1, onnotice: () => {} }) : undefined;
  /** A database on the server: a copy of `from`, or migrated; `prepare` runs on it. */
  const template = async (from: string | undefined, prepare: (database: Database) => Promise<void>) => {
    const name = `cloudbox_template_${randomBytes(4).toString('hex')}`;
    await admin!.unsafe(from ? `create database "${name}" template "${from}"` : `create database "${name}"`);
    templates.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
    await prepare(database);
    await database.close();
    return name;
  };
  const migrated = admin ? await template(undefined, (database) => database.migrate()) : '';
  const seeded = admin ? await template(migrated, (database) => seedDemo(database.db, passwords)) : '';
  await admin?.end();
  project.provide('postgresTemplate', migrated);
  project.provide('postgresSeededTemplate', seeded);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (serverUrl && templates.length > 0) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      for (const name of templates) await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  };
}
