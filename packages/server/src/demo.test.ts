import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/sql.js';
import { startDemo } from './demo.js';
import { startTestApp, type TestApp } from './test/helpers.js';

describe('demo fleet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.dispose());

  it('registers boxes across both demo CKs, every device type, Chinese locations and expiry months, idempotently', async () => {
    const config = { demoBoxes: 120, demoSimulator: false, mqtt: t.config.mqtt };
    await (await startDemo(t.database.db, t.app, config)).stop();
    const before = await queryRows<{ id: string; secret_hash: string }>(t.database.db, sql`select id, secret_hash from boxes order by id`);
    await (await startDemo(t.database.db, t.app, config)).stop();
    const after = await queryRows<{ id: string; secret_hash: string }>(t.database.db, sql`select id, secret_hash from boxes order by id`);
    expect(after.map((box) => box.id)).toEqual(before.map((box) => box.id));
    expect(after).toHaveLength(120);
    // Every start issues new secrets: the simulator needs them and the database has only hashes.
    expect(after.filter((box, index) => box.secret_hash === before[index]!.secret_hash)).toEqual([]);

    const [facts] = await queryRows<{ cks: string[]; types: string[]; provinces: number; in_china: boolean; months: number }>(
      t.database.db,
      sql`select array_agg(distinct b.ck order by b.ck) as cks,
                 (select array_agg(distinct device_type_id order by device_type_id) from controllers) as types,
                 count(distinct b.province)::int as provinces,
                 bool_and(b.latitude between 18 and 54 and b.longitude between 73 and 135) as in_china,
                 count(distinct date_trunc('month', b.expiry_date))::int as months
          from boxes b`,
    );
    expect(facts).toMatchObject({ cks: ['1001', '2002'], types: ['air_compressor', 'generic_plc', 'maglev_blower'], in_china: true });
    expect(facts!.provinces).toBeGreaterThan(15);
    expect(facts!.months).toBeGreaterThan(6);
    const [groups] = await queryRows<{ last: number; this: number; next: number }>(
      t.database.db,
      sql`select count(*) filter (where date_trunc('month', expiry_date) = date_trunc('month', current_date - interval '1 month'))::int as last,
                 count(*) filter (where date_trunc('month', expiry_date) = date_trunc('month', current_date))::int as this,
                 count(*) filter (where date_trunc('month', expiry_date) = date_trunc('month', current_date + interval '1 month'))::int as next
          from boxes`,
    );
    expect(groups!.last).toBeGreaterThan(0);
    expect(groups!.this).toBeGreaterThan(0);
    expect(groups!.next).toBeGreaterThan(0);
  });
});
