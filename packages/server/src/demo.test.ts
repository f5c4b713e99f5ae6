import { DEMO_PASSWORD, GENERIC_PLC } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/sql.js';
import { startDemo } from './demo.js';
import { bearer, envelopeOf, signIn, startTestApp, type TestApp } from './test/helpers.js';

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

  it('relates the demo users to the boxes so that every rule can be seen, once', async () => {
    const token = async (username: string) => signIn(t.app, username, DEMO_PASSWORD);
    const total = async (username: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/devices/status-counts', headers: bearer(await token(username)) });
      return envelopeOf<{ total: number }>(response).data.total;
    };
    const relations = await queryRows<{ owner: string; assigner: string | null; boxes: number }>(
      t.database.db,
      sql`select o.username as owner, a.username as assigner, count(*)::int as boxes
          from boxes b join users o on o.id = b.owner_id left join users a on a.id = b.assigned_by group by 1, 2 order by 1`,
    );
    expect(relations.map((row) => [row.owner, row.assigner])).toEqual([
      ['demo_manager', null],
      ['demo_manager2', null],
      ['demo_shield', 'demo_manager'],
      ['demo_sub2', 'demo_manager'],
      ['demo_sub3', 'demo_sub2'],
    ]);
    const shares = await queryRows<{ username: string; permission: string }>(
      t.database.db,
      sql`select distinct u.username, s.permission from device_shares s join users u on u.id = s.user_id order by 1, 2`,
    );
    expect(shares).toEqual([
      { username: 'demo_helper', permission: 'read' },
      { username: 'demo_helper', permission: 'write' },
      { username: 'demo_helper2', permission: 'read' },
      { username: 'demo_user', permission: 'read' },
    ]);
    // demo_manager sees its own and its subordinates' devices, but not those of the shielding one.
    const all1001 = await total('demo_limited');
    const shielded = relations.find((row) => row.owner === 'demo_shield')!.boxes;
    expect(await total('demo_manager')).toBeLessThan(all1001);
    expect(await total('demo_shield')).toBeGreaterThan(0);
    expect(await total('demo_sub3')).toBeLessThan(await total('demo_sub2'));
    expect(await total('demo_helper')).toBeGreaterThan(0);
    expect(shielded).toBeGreaterThan(0);
    // demo_helper's operator model writes a PLC line's cycle time set point: on a write share, not on a read-only one.
    const helperToken = await token('demo_helper');
    for (const permission of ['write', 'read'] as const) {
      const [plc] = await queryRows<{ box_id: string; station: number }>(
        t.database.db,
        sql`select c.box_id, c.station from device_shares s join users u on u.id = s.user_id join controllers c on c.box_id = s.box_id
            where u.username = 'demo_helper' and s.permission = ${permission} and c.device_type_id = 'generic_plc' order by 1, 2 limit 1`,
      );
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v2/devices/${plc!.box_id}/controllers/${plc!.station}/realtime`,
        headers: bearer(helperToken),
      });
      const setPoint = envelopeOf<{ registers: { number: number; writable: boolean }[] }>(response).data.registers.find(
        (register) => register.number === GENERIC_PLC.cycleTimeSetPoint,
      );
      expect(setPoint?.writable, permission).toBe(permission === 'write');
    }
    // A user's change survives the next start.
    await t.database.db.execute(sql`delete from device_shares where user_id = (select id from users where username = 'demo_user')`);
    await (await startDemo(t.database.db, t.app, { demoBoxes: 120, demoSimulator: false, mqtt: t.config.mqtt })).stop();
    expect(await total('demo_user')).toBe(0);
  });
});
