import { DEMO_PASSWORD, MAGLEV_BLOWER, MAGLEV_LIMITS, type DeviceTypeEventRules, type DeviceTypeSummary } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

describe('device types and their event rules', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    token = await signIn(t.app, 'demo_user', DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = (url: string, headers: Record<string, string> = { ...bearer(token), ...EN }) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers });

  it("names every type in the caller's language", async () => {
    const types = envelopeOf<DeviceTypeSummary[]>(await get('/device-types')).data;
    expect(types).toContainEqual({ id: 'maglev_blower', number: expect.any(Number), name: 'Magnetic-levitation blower' });
  });

  it("answers the rules of a type from the database, worded in the caller's language", async () => {
    const answer = envelopeOf<DeviceTypeEventRules>(await get('/device-types/maglev_blower/event-rules')).data;
    expect(answer.device_type.id).toBe('maglev_blower');
    expect(answer.rules).toContainEqual(
      expect.objectContaining({
        register: MAGLEV_BLOWER.windingTemperature,
        register_name: 'Motor winding temperature',
        unit: '°C',
        condition: { type: 'threshold', op: '>', value: MAGLEV_LIMITS.windingTemperature },
        severity: 'alert',
        message: 'Motor winding temperature high',
        enabled: true,
      }),
    );
    expect(answer.rules).toContainEqual(expect.objectContaining({ register: MAGLEV_BLOWER.fault, condition: { type: 'bit', bit: 0 }, severity: 'fault' }));

    // An edit of the table (root's rule editor, later) is what the next answer shows.
    await t.database.db.execute(
      sql`update event_rules set condition = jsonb_set(condition, '{value}', '125'), enabled = false where device_type_id = 'maglev_blower' and register = ${MAGLEV_BLOWER.windingTemperature}`,
    );
    const edited = envelopeOf<DeviceTypeEventRules>(await get('/device-types/maglev_blower/event-rules', { ...bearer(token), 'accept-language': 'zh' })).data;
    expect(edited.rules.find((rule) => rule.register === MAGLEV_BLOWER.windingTemperature)).toMatchObject({
      condition: { value: 125 },
      enabled: false,
      message: '电机绕组温度过高',
    });
  });

  it('answers 404 for an unknown type, 400 for a malformed id and 401 without a session', async () => {
    expect((await get('/device-types/no_such_type/event-rules')).statusCode).toBe(404);
    expect((await get('/device-types/bad%20id/event-rules')).statusCode).toBe(400);
    expect((await get('/device-types/maglev_blower/event-rules', {})).statusCode).toBe(401);
  });
});
