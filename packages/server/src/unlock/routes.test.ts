import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { box, registerBoxes } from '../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../test/helpers.js';
import { boxUnlockKey } from './scheme.js';

describe.each(DATABASE_KINDS)('a box’s unlock key for provisioning on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'demo_root' | 'demo_maker' | 'demo_manager', string>;
  const BOX = '100000771';
  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(t.app, ['demo_root', 'demo_maker', 'demo_manager']);
    await registerBoxes(t, [box(BOX, '1001', {}, [{ station: 1, device_type: 'maglev_blower' }])]);
  });
  afterAll(() => t.dispose());

  const read = (token: string, boxId = BOX) => t.app.inject({ method: 'GET', url: `/api/v2/boxes/${boxId}/unlock-key`, headers: { ...bearer(token), ...EN } });

  it('answers root the key derived from the company’s secret, the same every time', async () => {
    const first = envelopeOf<{ box_id: string; ck: string; unlock_key: string }>(await read(tokens.demo_root)).data;
    const [secret] = await queryRows<{ secret: string }>(t.database.db, sql`select secret from unlock_secrets where ck = '1001'`);
    expect(first).toEqual({ box_id: BOX, ck: '1001', unlock_key: boxUnlockKey(secret!.secret, BOX) });
    expect(envelopeOf<{ unlock_key: string }>(await read(tokens.demo_root)).data.unlock_key).toBe(first.unlock_key);
  });

  it('refuses everyone else, and says so for an unknown box', async () => {
    expect((await read(tokens.demo_maker)).statusCode).toBe(403);
    expect((await read(tokens.demo_manager)).statusCode).toBe(403);
    const unknown = await read(tokens.demo_root, '100000772');
    expect(unknown.statusCode).toBe(404);
    expect(envelopeOf(unknown).message).toBe('Box not found.');
  });
});
