import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNREGISTERED_ROWS, UNREGISTERED_KEPT_DAYS } from '../fleet/status.js';
import { MemoryRateLimitStore } from '../rate-limit.js';
import { startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { DATABASE_KINDS } from '../test/helpers.js';
import { createCredentialCheck, REFUSAL_WINDOW_MS, REFUSALS_PER_ADDRESS } from './credentials.js';
import type { BrokerHandlers } from './types.js';

describe('refused connects per source address', () => {
  it('refuses an address unheard once it was refused too often, until its window ends; other addresses go on', async () => {
    let now = 0;
    const asked: string[] = [];
    const refused: string[] = [];
    const handlers: Pick<BrokerHandlers, 'authenticateBox' | 'unregistered' | 'refused'> = {
      authenticateBox: (boxId) => {
        asked.push(boxId);
        return Promise.resolve(boxId === '1' ? 'ok' : 'unknown');
      },
      unregistered: () => undefined,
      refused: (reason) => refused.push(reason),
    };
    const check = createCredentialCheck({ username: undefined, password: undefined }, handlers, new MemoryRateLimitStore(() => now));
    const secret = Buffer.from('secret');
    for (let index = 0; index < REFUSALS_PER_ADDRESS; index += 1) expect(await check(String(1000 + index), secret, '192.0.2.1')).toBeUndefined();
    expect(asked).toHaveLength(REFUSALS_PER_ADDRESS);

    // Even a registered box from that address is refused now, without a question to the database.
    expect(await check('1', secret, '192.0.2.1')).toBeUndefined();
    expect(asked).toHaveLength(REFUSALS_PER_ADDRESS);
    expect(refused.at(-1)).toBe('rate_limited');
    expect(await check('1', secret, '192.0.2.2')).toEqual({ kind: 'box', boxId: '1' });

    now += REFUSAL_WINDOW_MS;
    expect(await check('1', secret, '192.0.2.1')).toEqual({ kind: 'box', boxId: '1' });
  });
});

describe.each(DATABASE_KINDS)('unknown box ids on %s', (database) => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, 'embedded');
  });
  afterAll(() => t.dispose());

  const unregisteredIds = async () => (await t.rows<{ id: string }>(sql`select id from unregistered_boxes order by id`)).map((row) => row.id);

  it('records the ids an address tries until it is limited, then neither asks nor records', async () => {
    const rejected = () => t.app.services.ingest.counters.rejected;
    const ids = Array.from({ length: REFUSALS_PER_ADDRESS + 5 }, () => t.boxId());
    for (const id of ids) await expect(t.connectBox(id, 'made-up')).rejects.toThrow(/bad username or password/i);
    await t.app.services.status.flush();

    expect(await unregisteredIds()).toEqual(ids.slice(0, REFUSALS_PER_ADDRESS).sort());
    expect(rejected().unknown_box).toBe(REFUSALS_PER_ADDRESS);
    expect(rejected().rate_limited).toBe(5);
  });

  it(`keeps the ${MAX_UNREGISTERED_ROWS} ids seen last, none unseen for ${UNREGISTERED_KEPT_DAYS} days`, async () => {
    await t.database.db.execute(sql`delete from unregistered_boxes`);
    await t.database.db.execute(sql`insert into unregistered_boxes (id, first_seen_at, last_seen_at)
      select (900000 + n)::text, now() - interval '1 day' + n * interval '1 second', now() - interval '1 day' + n * interval '1 second'
      from generate_series(1, ${MAX_UNREGISTERED_ROWS}) as n`);
    await t.database.db.execute(sql`insert into unregistered_boxes (id, first_seen_at, last_seen_at)
      values ('800000', now() - interval '40 days', now() - interval '${sql.raw(String(UNREGISTERED_KEPT_DAYS + 1))} days')`);
    t.app.services.status.unregistered('700000', '192.0.2.9');
    await t.app.services.status.flush();

    const ids = await unregisteredIds();
    expect(ids).toHaveLength(MAX_UNREGISTERED_ROWS);
    expect(ids).toContain('700000');
    // The oldest of the recent ones made room; the long unseen one is gone.
    expect(ids).not.toContain('900001');
    expect(ids).toContain('900002');
    expect(ids).not.toContain('800000');
  });
});
