import { boxTopics, type DeviceHistory, type ProtocolRowInput } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { dataOf } from '../../test/api.js';
import { dataMessage, eventually, startDataPlaneTest, startInstancePair, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, EN, signIn } from '../../test/helpers.js';

/**
 * A protocol change reaches the data plane at once: the next message decodes with the new version
 * on every instance, without a restart; and history recorded before it keeps its values (samples
 * hold engineering values, decoded with the version current when they arrived).
 */

const TYPE = {
  name: { zh: '测试机', en: 'Test machine', es: 'Máquina de prueba', ja: 'テスト機' },
  kind: 'maglev',
  template: 'maglev-controller',
};
const PRESSURE = 1;
const row = (input: Partial<ProtocolRowInput> = {}): ProtocolRowInput => ({ number: PRESSURE, name: 'Pressure', unit: 'kPa', data_type: 'uint16', ...input });

async function defineType(app: App, token: string, id: string): Promise<void> {
  const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(token), ...EN }, payload });
  dataOf(await inject('POST', '/device-types', { id, ...TYPE }));
  dataOf(await inject('PUT', `/device-types/${id}/protocol`, { language: 'en', rows: [row()] }));
}

/** Saves the protocol through `app` (any instance) with the pressure register read as tenths. */
async function scaleToTenths(app: App, token: string, id: string): Promise<void> {
  dataOf(
    await app.inject({
      method: 'PUT',
      url: `/api/v2/device-types/${id}/protocol`,
      headers: { ...bearer(token), ...EN },
      payload: { language: 'en', note: 'tenths', rows: [row({ scale: 0.1, decimals: 1 })] },
    }),
  );
}

async function readings(t: DataPlaneTest, boxId: string): Promise<{ ts: number; readings: number[] }[]> {
  return t.rows(
    sql`select (extract(epoch from s.ts) * 1000)::float8 as ts, s.readings from samples s join controllers c on c.id = s.controller_id where c.box_id = ${boxId} order by s.ts`,
  );
}

/** Publishes a sample and waits for it to be stored. */
async function publish(t: DataPlaneTest, client: Awaited<ReturnType<DataPlaneTest['connectBox']>>, boxId: string, ts: number, seq: number, raw: number) {
  await client.publishAsync(boxTopics(boxId).data, dataMessage(ts, seq, { [PRESSURE]: raw }), { qos: 1 });
  await eventually(async () => ((await readings(t, boxId)).some((sample) => sample.ts === ts) ? true : undefined), `sample ${seq} of ${boxId}`);
}

describe('a protocol change on the data plane', () => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest('pglite', 'embedded');
  });
  afterAll(() => t.dispose());

  it('decodes the next message with the new version, without a restart, and leaves history as it was', async () => {
    await defineType(t.app, t.rootToken, 'live_type');
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId, controllers: [{ station: 1, device_type: 'live_type' }] });
    const client = await t.connectBox(boxId, secret);
    const start = Date.now() - 60_000;
    await publish(t, client, boxId, start, 1, 1234);

    await scaleToTenths(t.app, t.rootToken, 'live_type');
    await eventually(
      async () => ((await t.app.services.registry.box(boxId))?.controllers.get(1)?.deviceType.registers.get(PRESSURE)?.scale === 0.1 ? true : undefined),
      'the reloaded type',
    );
    await publish(t, client, boxId, start + 10_000, 2, 1234);

    expect(await readings(t, boxId)).toEqual([
      { ts: start, readings: [1234] },
      { ts: start + 10_000, readings: [123.4] },
    ]);
    const history = dataOf<DeviceHistory>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/devices/${boxId}/controllers/1/history?from=${new Date(start - 1000).toISOString()}&registers=${PRESSURE}`,
        headers: { ...bearer(t.rootToken), ...EN },
      }),
    );
    expect(history.items).toEqual([
      { ts: start, values: { [PRESSURE]: 1234 } },
      { ts: start + 10_000, values: { [PRESSURE]: 123.4 } },
    ]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('a protocol change across two server instances through Redis', () => {
  let t: DataPlaneTest;
  let second: App;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ t, second, dispose } = await startInstancePair());
  });
  afterAll(() => dispose());

  it('saved on one instance, decodes the next message on the other', async () => {
    await defineType(t.app, t.rootToken, 'shared_type');
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId, controllers: [{ station: 1, device_type: 'shared_type' }] });
    const client = await t.connectBox(boxId, secret);
    const start = Date.now() - 60_000;
    await publish(t, client, boxId, start, 1, 500);

    await scaleToTenths(second, await signIn(second, 'demo_root', 'demo123456'), 'shared_type');
    await eventually(
      async () => ((await t.app.services.registry.box(boxId))?.controllers.get(1)?.deviceType.registers.get(PRESSURE)?.scale === 0.1 ? true : undefined),
      'the type reloaded on the first instance',
    );
    await publish(t, client, boxId, start + 10_000, 2, 500);
    expect((await readings(t, boxId)).map((sample) => sample.readings)).toEqual([[500], [50]]);
  });
});
