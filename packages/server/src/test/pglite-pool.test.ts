import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { openTestDatabase } from './helpers.js';

/** What a test could have left behind: rows, a table of its own, identity sequences moved on. */
const state = async (db: Parameters<typeof queryRows>[0]) => ({
  users: await queryRows<{ username: string; id: number }>(db, sql`select username, id from users order by id`),
  tables: await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  ),
  sequences: await queryRows<{ name: string; value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences order by 1`,
  ),
  companies: await queryRows<{ code: string; name: string }>(db, sql`select code, name from ck_codes order by code`),
  templates: await queryRows<{ id: number; name: string }>(db, sql`select id, name from permission_templates order by id`),
});

describe('the PGlite a worker reuses', () => {
  it('comes back as a fresh copy: rows, tables and sequences as the snapshot had them', async () => {
    const first = await openTestDatabase('pglite', undefined, { seeded: true });
    const fresh = await state(first.database.db);
    expect(fresh.users.length).toBeGreaterThan(0);
    await first.database.db.execute(sql`delete from users where username = 'demo_root'`);
    await first.database.db.execute(sql`update users set username = username || '_x'`);
    await first.database.db.execute(sql`insert into ck_codes (code, name) values ('ZZZZ', 'Left behind')`);
    await first.database.db.execute(sql`insert into permission_templates (ck, name, rights) values ('ZZZZ', 'Left behind', '{}')`);
    await first.database.db.execute(sql`create table left_behind (n int)`);
    const used = first.database;
    await first.dispose();

    const second = await openTestDatabase('pglite', undefined, { seeded: true });
    expect(second.database).toBe(used);
    expect(await state(second.database.db)).toEqual(fresh);
    await second.dispose();
  });

  it('is not handed out again when its test closed it', async () => {
    const first = await openTestDatabase('pglite');
    await first.database.close();
    await first.dispose();
    const second = await openTestDatabase('pglite');
    expect(second.database).not.toBe(first.database);
    expect(await queryRows(second.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    await second.dispose();
  });
});
