import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '@cloudbox/domain';
import { createFleet, registerBoxes, type Registration } from '@cloudbox/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from './test/data-plane.js';
import { DATABASE_KINDS } from './test/helpers.js';

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run simulate` without a credentials file: the simulator registers its boxes through this app's API. */
describe.each(dataPlaneTargets(DATABASE_KINDS))('the simulator registering its boxes through the API on %s with the %s broker', (database, broker) => {
  let t: DataPlaneTest;
  let registration: Registration;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker);
    const api = await t.app.listen({ port: 0, host: '127.0.0.1' });
    registration = { api, username: 'demo_root', password: DEMO_PASSWORD, ck: '1001', firstId: t.boxId(), count: 3 };
  });
  afterAll(() => t.dispose());

  it('registers N boxes from the first id, finds the broker, and its boxes deliver data', async () => {
    const registered = await registerBoxes(registration);
    if (!registered.ok) throw new Error(registered.message);
    const ids = [0, 1, 2].map((offset) => String(Number(registration.firstId) + offset));
    expect(registered.boxes.map((box) => box.id)).toEqual(ids);
    expect(registered.boxes.map((box) => box.controllers)).toEqual([
      [
        { station: 1, deviceType: 'maglev_blower' },
        { station: 2, deviceType: 'generic_plc' },
      ],
      [{ station: 1, deviceType: 'air_compressor' }],
      [{ station: 1, deviceType: 'generic_plc' }],
    ]);
    const info = t.app.services.broker.view.info();
    expect(registered.brokerUrl).toBe(broker === 'embedded' ? `mqtt://127.0.0.1:${info.tcpPort}` : info.url);
    expect(await t.rows(sql`select id, ck from boxes where id = any(${`{${ids.join(',')}}`}::text[]) order by id`)).toEqual(
      ids.map((id) => ({ id, ck: '1001' })),
    );

    const fleet = createFleet({ url: registered.brokerUrl!, boxes: registered.boxes, intervalSeconds: 0.2, seed: 1, dropOutRate: 0 });
    fleet.start();
    try {
      await eventually(async () => {
        const [row] = await t.rows<{ boxes: number }>(
          sql`select count(distinct c.box_id)::int as boxes from samples s join controllers c on c.id = s.controller_id where c.box_id = any(${`{${ids.join(',')}}`}::text[])`,
        );
        return row?.boxes === 3 ? true : undefined;
      }, 'samples of the three boxes');
    } finally {
      await fleet.stop();
    }

    // A second run re-keys the same boxes: only hashes are stored, so new secrets are the way back in.
    const again = await registerBoxes(registration);
    if (!again.ok) throw new Error(again.message);
    expect(again.boxes.map((box) => box.id)).toEqual(ids);
    expect(again.boxes.every((box, index) => box.secret !== registered.boxes[index]!.secret)).toBe(true);
    expect(await t.rows(sql`select 1 from boxes where id = any(${`{${ids.join(',')}}`}::text[])`)).toHaveLength(3);
  });

  it('says why when the API is unreachable or refuses', async () => {
    const message = async (changes: Partial<Registration>) => {
      const outcome = await registerBoxes({ ...registration, firstId: t.boxId(), count: 1, ...changes });
      return outcome.ok ? undefined : outcome.message;
    };
    const closed = await closedPort();
    expect(await message({ api: `http://127.0.0.1:${closed}` })).toBe(
      `cannot reach the Cloudbox API at http://127.0.0.1:${closed} (connect ECONNREFUSED 127.0.0.1:${closed}). Start the server (npm start), point --api at it, or give --credentials FILE.`,
    );
    expect(await message({ password: 'wrong-password' })).toMatch(
      /^the API at http:\/\/127\.0\.0\.1:\d+ refused to sign in demo_root \(.+\)\. Give --user and --password of root or of a limited_admin of CK 1001\.$/,
    );
    const firstId = t.boxId();
    expect(await message({ username: 'demo_limited', ck: '2002', firstId })).toMatch(
      new RegExp(`^the API at http://127\\.0\\.0\\.1:\\d+ refused box ${firstId} \\(HTTP 403: .+\\)$`),
    );
  });
});
