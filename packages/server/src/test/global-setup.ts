import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createDatabase, MIGRATIONS_FOLDER } from '../db/index.js';
import { IN_MEMORY } from '../config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite's data directory (`dumpDataDir`), in a file: every test database starts from it. */
    pgliteSnapshot: string;
    /** A migrated database on TEST_DATABASE_URL's server that test databases are created from (`create database … template`); '' without it. */
    postgresTemplate: string;
  }
}

/**
 * Once per run, before any test file: the migrations applied once to a PGlite and to a PostgreSQL
 * template, so that each test file's database is a copy (under a second) instead of an initdb and
 * every migration (PGlite's initdb alone takes about 6 s of CPU, and the suite opens over a hundred).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'cloudbox-vitest-'));
  const pglite = new PGlite();
  await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  const snapshot = join(folder, 'pglite.tar');
  await writeFile(snapshot, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshot);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (serverUrl) {
    template = `cloudbox_template_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
    await database.migrate();
    await database.close();
    await admin.end();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end();
    }
  };
}
