import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './index.js';

describe('the embedded database folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cloudbox-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is opened by one holder at a time, and again once it is closed', async () => {
    const first = await createDatabase({ dataDir, databaseUrl: undefined });
    await expect(createDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(`is in use by process ${process.pid}`);
    await first.close();
    const second = await createDatabase({ dataDir, databaseUrl: undefined });
    await second.db.execute(sql`select 1`);
    await second.close();
    // A new embedded cluster (initdb and the migrations) and a second opening: 6 s alone, 31 s in a CI run
    // on a slow machine with the end-to-end tests beside it (the default 30 s ran out there).
  }, 90_000);

  it('takes over the lock of a process that is gone (killed, crashed)', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(dataDir, 'pglite', 'cloudbox.lock'), gone.stdout);
    const database = await createDatabase({ dataDir, databaseUrl: undefined });
    await database.close();
  });
});
