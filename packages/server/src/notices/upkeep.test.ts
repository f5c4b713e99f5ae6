import { boxTopics, MAGLEV_BLOWER, type UpkeepReminder } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../test/api.js';
import { dataMessage, dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN } from '../test/helpers.js';

const R = MAGLEV_BLOWER;

describe.each(dataPlaneTargets(DATABASE_KINDS))('upkeep reminders and push settings on %s with the %s broker', (database, broker) => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker);
  });
  afterAll(() => t.dispose());

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(t.rootToken), ...EN }, payload: payload as Record<string, unknown> });
  let ts = Date.now() - 60_000;
  /** Publishes a value of a box's controller and waits until ingest committed it and the upkeep pass after it is done. */
  const publish = async (client: MqttClient, boxId: string, values: Record<number, number>) => {
    ts += 1000;
    const at = ts;
    await client.publishAsync(boxTopics(boxId).data, dataMessage(at, at, values), { qos: 1 });
    await eventually(async () => {
      const [latest] = await t.rows<{ ts: number }>(
        sql`select (extract(epoch from l.ts) * 1000)::float8 as ts from latest_values l join controllers c on c.id = l.controller_id where c.box_id = ${boxId}`,
      );
      return latest && latest.ts >= at ? true : undefined;
    }, `sample ${at} of ${boxId} committed`);
    await t.app.services.upkeep.settled();
  };
  /** A full sweep, as the timer runs it: whatever it would tell, it tells now. */
  const sweep = async () => {
    t.app.services.upkeep.remindersChanged();
    await t.app.services.upkeep.settled();
  };
  const upkeepEvents = (boxId: string) =>
    t.rows<{ id: number; value: number; message: Record<string, string>; run_status: string; fanned: boolean }>(
      sql`select id::float8 as id, value, message, run_status, fanned_out_at is not null as fanned from notice_events where type = 'upkeep' and box_id = ${boxId} order by id`,
    );

  it('tells each crossing once: below the judge value, staying there, back above, below again; not outside the range or type', async () => {
    const inRange = t.boxId();
    const otherType = t.boxId();
    const outside = String(Number(inRange) + 500);
    const boxes = await Promise.all([
      t.register({ id: inRange }),
      t.register({ id: otherType, controllers: [{ station: 1, device_type: 'air_compressor' }] }),
      t.register({ id: outside }),
    ]);
    const reminder = dataOf<UpkeepReminder>(
      await call('POST', '/upkeep-reminders', {
        start_box_id: inRange,
        end_box_id: String(Number(inRange) + 99),
        device_type: 'maglev_blower',
        register: R.runHours,
        parameter: 'oil filter remaining hours',
        judge_value: 10,
        direction: 'below',
      }),
    );
    await t.app.services.upkeep.settled();
    const [a, c] = await Promise.all([inRange, outside].map((id) => t.connectBox(id, boxes[id === inRange ? 0 : 2]!.secret)));

    await publish(a!, inRange, { [R.runHours]: 50 });
    expect(await upkeepEvents(inRange)).toEqual([]);

    await publish(a!, inRange, { [R.runHours]: 9 });
    const [first] = await eventually(async () => {
      const events = await upkeepEvents(inRange);
      return events.length > 0 && events.every((event) => event.fanned) ? events : undefined;
    }, 'the upkeep event fanned out');
    expect(first).toMatchObject({ value: 9, message: { en: 'Upkeep due: oil filter remaining hours is 9 (limit 10)' } });
    expect(first!.message.zh).toBe('保养到期：oil filter remaining hours 为 9（限值 10）');
    expect(first!.run_status).toMatch(/^online/);
    const readers = await t.rows<{ username: string }>(
      sql`select u.username from notifications n join users u on u.id = n.user_id where n.event_id = ${first!.id} order by u.username`,
    );
    expect(readers.map((reader) => reader.username)).toContain('demo_manager');
    expect((await t.rows<{ reminder: number }>(sql`select upkeep_reminder_id as reminder from notice_events where id = ${first!.id}`))[0]!.reminder).toBe(
      reminder.id,
    );

    // Staying below, even at the judge value itself: nothing more, however often it is judged.
    await publish(a!, inRange, { [R.runHours]: 10 });
    await sweep();
    await sweep();
    expect(await upkeepEvents(inRange)).toHaveLength(1);

    // Back above resets silently; below again is a second crossing.
    await publish(a!, inRange, { [R.runHours]: 200 });
    await sweep();
    expect(await upkeepEvents(inRange)).toHaveLength(1);
    await publish(a!, inRange, { [R.runHours]: 3 });
    await eventually(async () => ((await upkeepEvents(inRange)).length === 2 ? true : undefined), 'the second upkeep event');

    // Another device type in the range, and the same type outside it: never.
    // (An air compressor has no register 28: its value is written as if it had arrived, for the sweep to see.)
    await t.rows(
      sql`insert into latest_values (controller_id, ts, values) select id, now(), ${JSON.stringify({ [R.runHours]: 1 })}::jsonb from controllers where box_id = ${otherType}`,
    );
    await publish(c!, outside, { [R.runHours]: 1 });
    await sweep();
    expect(await upkeepEvents(otherType)).toEqual([]);
    expect(await upkeepEvents(outside)).toEqual([]);
    expect(await upkeepEvents(inRange)).toHaveLength(2);

    // A disabled reminder judges nothing.
    await call('PUT', `/upkeep-reminders/${reminder.id}`, { ...reminderInput(reminder), enabled: false });
    await publish(a!, inRange, { [R.runHours]: 300 });
    await publish(a!, inRange, { [R.runHours]: 1 });
    await sweep();
    expect(await upkeepEvents(inRange)).toHaveLength(2);
  });

  it('queues deliveries within the narrowest push setting covering the box, and through the company channels', async () => {
    const boxId = t.boxId();
    await t.register({ id: boxId });
    // A wide range allows e-mail for faults; the narrow one covering the box allows only webhooks.
    for (const [start, end, push] of [
      [String(Number(boxId) - 50), String(Number(boxId) + 50), { fault: ['email', 'webhook'] }],
      [boxId, boxId, { fault: ['webhook'] }],
    ] as const)
      expect((await call('POST', '/push-settings', { start_box_id: start, end_box_id: end, push })).statusCode).toBe(200);
    for (const channel of [
      { ck: '1001', kind: 'email', target: 'ops@example.com' },
      { ck: '1001', kind: 'webhook', target: 'https://hooks.example.com/ops', secret: 's' },
    ])
      expect((await call('POST', '/company-channels', channel)).statusCode).toBe(200);
    // demo_manager wants faults by e-mail too: the push setting forbids it all the same.
    await t.rows(sql`with channel as (
        insert into notice_channels (user_id, kind, target) select id, 'email', 'manager@example.com' from users where username = 'demo_manager' returning user_id
      ) insert into notification_preferences (user_id, push) select user_id, '{"fault": ["email"]}'::jsonb from channel`);

    const [event] = await t.rows<{ id: number }>(
      sql`insert into notice_events (type, phase, box_id, message, run_status, occurred_at)
          values ('fault', 'opened', ${boxId}, '{"zh": "故障", "en": "Fault", "es": "Falla", "ja": "故障"}'::jsonb, 'online_fault', now()) returning id::float8 as id`,
    );
    t.app.services.notices.wake();
    await eventually(
      async () => ((await t.rows(sql`select 1 from notice_events where id = ${event!.id} and fanned_out_at is not null`)).length > 0 ? true : undefined),
      'the fault fanned out',
    );
    const deliveries = await t.rows<{ kind: string; recipient: string; ck: string | null }>(
      sql`select kind, recipient, ck from notice_deliveries where event_id = ${event!.id} order by id`,
    );
    expect(deliveries).toEqual([{ kind: 'webhook', recipient: 'https://hooks.example.com/ops', ck: '1001' }]);
    expect((await t.rows(sql`select 1 from notifications where event_id = ${event!.id}`)).length).toBeGreaterThan(0);
  });
});

function reminderInput(reminder: UpkeepReminder) {
  return {
    start_box_id: reminder.start_box_id,
    end_box_id: reminder.end_box_id,
    device_type: reminder.device_type.id,
    register: reminder.register,
    parameter: reminder.parameter,
    judge_value: reminder.judge_value,
    direction: reminder.direction,
    enabled: reminder.enabled,
  };
}
