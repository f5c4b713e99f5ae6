import { boxTopics, DEMO_ACCOUNTS, MAGLEV_BLOWER, type EventLogEntry, type EventRuleCreateInput, type EventRuleItem, type Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { dataMessage, dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const MESSAGE = { zh: '转速过高', en: 'Speed too high', es: 'Velocidad alta', ja: '回転数が高い' };
const overspeed: EventRuleCreateInput = {
  device_type: 'maglev_blower',
  register: R.speed,
  condition: { type: 'threshold', op: '>', value: 40_000 },
  severity: 'fault',
  debounce_s: 0,
  clear_hysteresis: 100,
  message: MESSAGE,
};

describe.each(dataPlaneTargets(DATABASE_KINDS))('event rules on %s with the %s broker', (database, broker) => {
  let t: DataPlaneTest;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker);
    tokens = await signInDemo(t.app, [...OTHERS, 'demo_root']);
  });
  afterAll(() => t.dispose());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    user = 'demo_root',
    headers: Record<string, string> = EN,
  ) => t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const ruleCount = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from event_rules`))[0]!.n;
  const actions = async () =>
    (await t.rows<{ action: string }>(sql`select action from operation_logs where action like '%event_rule' order by id`)).map((row) => row.action);
  /** The registry has reloaded the type: its rules under this register include (or not) the rule. */
  const judged = (ruleId: number, register: number, expected: boolean) =>
    eventually(
      () =>
        (t.app.services.registry
          .deviceType('maglev_blower')
          ?.rulesByRegister.get(register)
          ?.some((rule) => rule.id === ruleId) ?? false) === expected || undefined,
      `rule ${ruleId} ${expected ? 'loaded' : 'gone'}`,
    );
  /**
   * Publishes a data message and waits until ingest has committed it: with an external broker the
   * box's PUBACK says only that the broker has it, so the next step could otherwise overtake it.
   */
  const publishStored = async (box: MqttClient, boxId: string, ts: number, values: Record<number, number>) => {
    await box.publishAsync(boxTopics(boxId).data, dataMessage(ts, ts, values), { qos: 1 });
    await eventually(async () => {
      const [latest] = await t.rows<{ ts: number }>(
        sql`select (extract(epoch from l.ts) * 1000)::float8 as ts from latest_values l join controllers c on c.id = l.controller_id where c.box_id = ${boxId}`,
      );
      return latest && latest.ts >= ts ? true : undefined;
    }, `sample ${ts} of ${boxId} committed`);
  };
  const recordsOf = (boxId: string) =>
    t.rows<{ rule_id: number | null; code: number; value: number; ended: boolean }>(
      sql`select f.rule_id, f.code, f.value, f.ended_at is not null as ended from fault_records f join controllers c on c.id = f.controller_id
          where c.box_id = ${boxId} order by f.id`,
    );

  it('answers 403 to every demo account but root, and changes nothing', async () => {
    const before = await ruleCount();
    for (const user of OTHERS) {
      for (const [method, url, payload] of [
        ['GET', '/event-rules'],
        ['POST', '/event-rules', overspeed],
        ['PATCH', '/event-rules/1/enabled', { enabled: false }],
        ['DELETE', '/event-rules/1'],
        ['GET', '/event-log'],
      ] as const)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    }
    expect(await ruleCount()).toBe(before);
  });

  it("lists every type's rules with names and messages in the caller's language and all four, filtered and paged", async () => {
    const all = dataOf<Page<EventRuleItem>>(await call('GET', '/event-rules?page_size=500'));
    expect(all.total).toBe(await ruleCount());
    expect(new Set(all.items.map((rule) => rule.device_type.id)).size).toBeGreaterThan(1);
    const maglev = dataOf<Page<EventRuleItem>>(
      await call('GET', '/event-rules?device_type=maglev_blower&severity=alert', undefined, 'demo_root', { 'accept-language': 'zh' }),
    );
    expect(maglev.items.every((rule) => rule.device_type.id === 'maglev_blower' && rule.severity === 'alert')).toBe(true);
    const outlet = maglev.items.find((rule) => rule.register === R.outletTemperature)!;
    expect(outlet).toMatchObject({ message: '出口温度过高', register_name: expect.any(String), unit: '°C', enabled: true });
    expect(outlet.messages.en).toBe('Outlet temperature high');
    expect(dataOf<EventRuleItem>(await call('GET', `/event-rules/${outlet.id}`)).message).toBe('Outlet temperature high');
    expect(dataOf<Page<EventRuleItem>>(await call('GET', '/event-rules?page=2&page_size=1')).items).toHaveLength(1);
    expectRejected(await call('GET', '/event-rules/999999'), 404, 'The event rule was not found.');
    expectRejected(await call('GET', '/event-rules?device_type=nope'), 404, expect.any(String) as unknown as string);
  });

  it('refuses bad rules with field errors in the caller’s language, and stores nothing', async () => {
    const before = await ruleCount();
    const refused = async (body: unknown, fields: { field: string; message: string }[], headers = EN) => {
      const response = await call('POST', '/event-rules', body, 'demo_root', headers);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), fields);
    };
    await refused({ ...overspeed, register: 9999, also: [{ register: 9998, condition: { type: 'bit', bit: 1 } }] }, [
      { field: 'register', message: 'Register 9999 is not a register of this device type.' },
      { field: 'also.0.register', message: 'Register 9998 is not a register of this device type.' },
    ]);
    await refused({ ...overspeed, condition: { type: 'bit', bit: 20 } }, [{ field: 'condition.bit', message: 'Bit 20 is beyond the register’s 16 bits.' }]);
    await refused({ ...overspeed, condition: { type: 'range', low: 5, high: 1, inside: true } }, [
      { field: 'condition.low', message: 'The lower limit must not be above the upper limit.' },
    ]);
    await refused(
      { ...overspeed, also: [{ register: R.running, condition: { type: 'change' } }] },
      [{ field: 'also.0.condition.type', message: '“值变化”只能作为主条件。' }],
      {
        'accept-language': 'zh',
      },
    );
    await refused({ ...overspeed, message: { ...MESSAGE, ja: ' ' } }, [{ field: 'message.ja', message: 'Please fill in message.ja' }]);
    expect(await ruleCount()).toBe(before);
  });

  it('a rule added through the API fires on the next message, without restart; disabled it stops and its record ends; deleted, likewise', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const send = (ts: number, speed: number) => publishStored(box, id, ts, { [R.speed]: speed });
    const now = Date.now() - 60_000;
    await send(now, 45_000);
    expect(await recordsOf(id)).toEqual([]);

    const added = envelopeOf<EventRuleItem>(await call('POST', '/event-rules', overspeed));
    expect(added.message).toBe(`Event rule ${added.data.code} added.`);
    const rule = added.data;
    const codes = (await t.rows<{ code: number }>(sql`select code from event_rules where device_type_id = 'maglev_blower' and id <> ${rule.id}`)).map(
      (row) => row.code,
    );
    expect(rule.code).toBe(Math.max(...codes) + 1);
    await judged(rule.id, R.speed, true);
    await send(now + 1000, 45_000);
    await eventually(async () => ((await recordsOf(id)).length > 0 ? true : undefined), 'the new rule fired');
    expect(await recordsOf(id)).toEqual([{ rule_id: rule.id, code: rule.code, value: 45_000, ended: false }]);

    const disabled = envelopeOf<EventRuleItem>(await call('PATCH', `/event-rules/${rule.id}/enabled`, { enabled: false }));
    expect([disabled.message, disabled.data.enabled]).toEqual(['Event rule disabled.', false]);
    // Its open record ends at the change; the next messages open nothing.
    expect(await recordsOf(id)).toEqual([{ rule_id: rule.id, code: rule.code, value: 45_000, ended: true }]);
    await judged(rule.id, R.speed, false);
    await send(now + 2000, 46_000);
    await send(now + 3000, 47_000);

    expect(dataOf<EventRuleItem>(await call('PATCH', `/event-rules/${rule.id}/enabled`, { enabled: true })).enabled).toBe(true);
    await judged(rule.id, R.speed, true);
    await send(now + 4000, 48_000);
    await eventually(async () => ((await recordsOf(id)).length === 2 ? true : undefined), 'fired again once enabled');

    const edited = dataOf<EventRuleItem>(
      await call('PUT', `/event-rules/${rule.id}`, {
        ...overspeed,
        device_type: undefined,
        condition: { type: 'threshold', op: '>', value: 50_000 },
        debounce_s: 10,
      }),
    );
    expect(edited).toMatchObject({ code: rule.code, debounce_s: 10, condition: { value: 50_000 } });

    expect(envelopeOf(await call('DELETE', `/event-rules/${rule.id}`)).message).toBe('Event rule deleted.');
    expect((await recordsOf(id)).map((record) => [record.rule_id, record.ended])).toEqual([
      [null, true],
      [null, true],
    ]);
    expectRejected(await call('DELETE', `/event-rules/${rule.id}`), 404, 'The event rule was not found.');
    expect(await actions()).toEqual(['add_event_rule', 'disable_event_rule', 'enable_event_rule', 'edit_event_rule', 'delete_event_rule']);

    // Newest first: both records ended at their change (now), after the samples that opened them.
    const log = dataOf<Page<EventLogEntry>>(await call('GET', `/event-log?box_id=${id}`));
    const [second, first] = (
      await t.rows<{ id: number }>(
        sql`select f.id::int from fault_records f join controllers c on c.id = f.controller_id where c.box_id = ${id} order by f.id desc`,
      )
    ).map((row) => row.id);
    expect(log.items.map((entry) => [entry.kind, entry.record_id, entry.message])).toEqual([
      ['cleared', second, 'Speed too high'],
      ['cleared', first, 'Speed too high'],
      ['fired', second, 'Speed too high'],
      ['fired', first, 'Speed too high'],
    ]);
    expect(log.total).toBe(4);
    expect(dataOf<Page<EventLogEntry>>(await call('GET', `/event-log?box_id=${id}&kind=fired&page_size=1`))).toMatchObject({
      total: 2,
      items: [{ kind: 'fired' }],
    });
    expect(log.items[3]).toMatchObject({
      box_id: id,
      controller_id: 1,
      device_type: 'maglev_blower',
      severity: 'fault',
      value: 45_000,
      time: new Date(now + 1000).toISOString(),
    });

    const exported = await call('GET', `/event-log/export?box_id=${id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-export-rows']).toBe('4');
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('judges a change rule and further registers through ingest', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const send = (ts: number, values: Record<number, number>) => publishStored(box, id, ts, values);
    const changed = dataOf<EventRuleItem>(
      await call('POST', '/event-rules', {
        ...overspeed,
        register: R.controlMode,
        condition: { type: 'change' },
        also: [{ register: R.speed, condition: { type: 'range', low: 1000, high: 30_000, inside: true } }],
        severity: 'alert',
      }),
    );
    await judged(changed.id, R.speed, true);
    const now = Date.now() - 30_000;
    await send(now, { [R.controlMode]: 0, [R.speed]: 20_000 });
    await send(now + 1000, { [R.controlMode]: 1 });
    await send(now + 2000, { [R.controlMode]: 1, [R.speed]: 21_000 });
    await send(now + 3000, { [R.controlMode]: 0, [R.speed]: 500 });
    await eventually(async () => ((await recordsOf(id)).length > 0 ? true : undefined), 'the change fired');
    expect(await recordsOf(id)).toEqual([{ rule_id: changed.id, code: changed.code, value: 1, ended: true }]);
    await call('DELETE', `/event-rules/${changed.id}`);
  });
});
