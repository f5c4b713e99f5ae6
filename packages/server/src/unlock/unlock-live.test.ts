import { MAGLEV_BLOWER, type CommandView, type DeviceRealtime } from '@cloudbox/domain';
import { createFleet, type Fleet } from '@cloudbox/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../test/helpers.js';
import { unlockPassword } from './scheme.js';
import { boxUnlockKeys } from './secrets.js';

const R = MAGLEV_BLOWER;

/**
 * The whole flow live: a simulated maglev blower, provisioned with its box's unlock key and started
 * locked, runs against the real server (embedded broker, ingest, remote writes). The console's side
 * (`unlockPassword`) and the controller's (simulator/src/lock.ts) were written apart.
 */
describe.each(DATABASE_KINDS)('unlocking a locked simulated blower on %s', (kind) => {
  let t: DataPlaneTest;
  let fleet: Fleet;
  let token: string;
  let boxId: string;
  let boxKey: string;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    token = (await signInDemo(t.app, ['demo_manager'])).demo_manager;
    boxId = t.boxId();
    const { secret } = await t.register({ id: boxId });
    boxKey = (await boxUnlockKeys(t.database.db, [{ id: boxId, ck: '1001' }])).get(boxId)!;
    fleet = createFleet({
      url: t.url,
      boxes: [{ id: boxId, secret, unlockKey: boxKey, lockedStations: [1], controllers: [{ station: 1, deviceType: 'maglev_blower' }] }],
      intervalSeconds: 0.2,
      seed: 1,
      dropOutRate: 0,
      faultRate: 0,
    });
    fleet.start();
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.dispose();
  });

  const realtime = async () =>
    envelopeOf<DeviceRealtime>(
      await t.app.inject({ method: 'GET', url: `/api/v2/devices/${boxId}/controllers/1/realtime`, headers: { ...bearer(token), ...EN } }),
    ).data;
  const valueOf = (answer: DeviceRealtime, register: number) => answer.registers.find((candidate) => candidate.number === register)?.value ?? null;
  /** The controller's newest reading of a register once it satisfies `wanted`. */
  const readingWhen = (register: number, wanted: (value: number) => boolean, what: string) =>
    eventually(async () => {
      const value = valueOf(await realtime(), register);
      return value !== null && wanted(value) ? value : undefined;
    }, what);

  /** Sends a write and follows the command until it settles. */
  async function command(register: number, value: string): Promise<CommandView> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${boxId}/controllers/1/write`,
      headers: { ...bearer(token), ...EN },
      payload: { register, value },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = envelopeOf<CommandView>(response).data;
    return eventually(async () => {
      const view = envelopeOf<CommandView>(await t.app.inject({ method: 'GET', url: `/api/v2/commands/${id}`, headers: bearer(token) })).data;
      return ['acked', 'failed', 'expired'].includes(view.state) ? view : undefined;
    }, `command ${id} to settle`);
  }

  it('refuses a start while locked, opens with the calculated password, starts, and takes the password once', async () => {
    const answer = await eventually(async () => {
      const current = await realtime();
      return valueOf(current, R.lockState) === 1 && valueOf(current, R.hintCode) !== null ? current : undefined;
    }, 'the locked blower’s first sample');
    expect(answer.unlock).toEqual({ hint: R.hintCode, password: R.password, state: R.lockState, service_days: R.serviceDays });
    expect(valueOf(answer, R.serviceDays)).toBe(0);
    expect(valueOf(answer, R.running)).toBe(0);

    expect(await command(R.startStop, '1')).toMatchObject({ state: 'failed', error: 'locked' });

    const hintCode = String(valueOf(answer, R.hintCode));
    const password = unlockPassword({ boxKey, station: 1, hintCode, mode: 'extend_30', reset: 'calendar_days' });
    expect(await command(R.password, password)).toMatchObject({ state: 'acked', error: null });
    await readingWhen(R.lockState, (value) => value === 0, 'the lock state to read unlocked');
    expect(await readingWhen(R.serviceDays, (value) => value > 0, 'service days')).toBe(30);
    await readingWhen(R.hintCode, (value) => String(value) !== hintCode, 'a new hint code');

    expect(await command(R.startStop, '1')).toMatchObject({ state: 'acked' });
    await readingWhen(R.running, (value) => value === 1, 'the blower to run');

    expect(await command(R.password, password)).toMatchObject({ state: 'failed', error: 'wrong_password' });
  });
});
