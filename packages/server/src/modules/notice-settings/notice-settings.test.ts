import { DEMO_ACCOUNTS, MAGLEV_BLOWER, type Channel, type NoticeDelivery, type Page, type PushSetting, type UpkeepReminder } from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box as fleetBox, registerBoxes } from '../../test/fleet.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;
const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const ZH = { 'accept-language': 'zh' };

describe.each(DATABASE_KINDS)('notice settings on %s', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(database);
    tokens = await signInDemo(t.app, [...OTHERS, 'demo_root']);
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const count = async (table: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const audits = async (like: string) =>
    rows<{ action: string; old_value: string | null; new_value: string | null }>(
      sql`select action, old_value, new_value from operation_logs where action like ${like} order by id`,
    );

  it('answers 403 to every demo account but root, and changes nothing', async () => {
    const before = await Promise.all(['push_settings', 'notice_channels', 'upkeep_reminders'].map(count));
    for (const user of OTHERS) {
      for (const [method, url, payload] of [
        ['GET', '/push-settings'],
        ['POST', '/push-settings', { start_box_id: '1', end_box_id: '2' }],
        ['DELETE', '/push-settings/1'],
        ['GET', '/company-channels'],
        ['POST', '/company-channels', { ck: '1001', kind: 'email', target: 'a@b.cn' }],
        ['PUT', '/company-channels/1', { ck: '1001', kind: 'email', target: 'a@b.cn' }],
        ['GET', '/upkeep-reminders'],
        ['GET', '/upkeep-reminders/registers/maglev_blower'],
        [
          'POST',
          '/upkeep-reminders',
          { start_box_id: '1', end_box_id: '2', device_type: 'maglev_blower', register: R.runHours, parameter: 'p', judge_value: 1 },
        ],
        ['GET', '/notice-deliveries'],
        ['GET', '/notice-deliveries/export'],
      ] as const)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    }
    expect(await Promise.all(['push_settings', 'notice_channels', 'upkeep_reminders'].map(count))).toEqual(before);
  });

  it('adds, lists, edits and deletes push settings, each change audited', async () => {
    const added = dataOf<PushSetting>(
      await call('POST', '/push-settings', {
        start_box_id: '100000',
        end_box_id: '100099',
        push: { fault: ['webhook', 'email'], alert: [] },
        remark: ' line 1 ',
      }),
    );
    expect(added).toMatchObject({ start_box_id: '100000', end_box_id: '100099', push: { fault: ['email', 'webhook'] }, remark: 'line 1' });
    expect(added.push).not.toHaveProperty('alert');
    expect(dataOf<PushSetting[]>(await call('GET', '/push-settings'))).toEqual([added]);

    const edited = await call('PUT', `/push-settings/${added.id}`, { start_box_id: '100000', end_box_id: '100009', push: { upkeep: ['wecom'] } });
    expect(envelopeOf(edited).message).toBe('Push setting saved');
    expect(dataOf<PushSetting>(edited)).toMatchObject({ end_box_id: '100009', push: { upkeep: ['wecom'] }, remark: '' });

    expect(envelopeOf(await call('DELETE', `/push-settings/${added.id}`)).message).toBe('Push setting deleted');
    expectRejected(await call('DELETE', `/push-settings/${added.id}`), 404, 'This push setting does not exist');
    expect(await audits('%push_setting')).toEqual([
      { action: 'add_push_setting', old_value: null, new_value: '100000-100099 fault:email,webhook (line 1)' },
      { action: 'edit_push_setting', old_value: '100000-100099 fault:email,webhook (line 1)', new_value: '100000-100009 upkeep:wecom' },
      { action: 'delete_push_setting', old_value: '100000-100009 upkeep:wecom', new_value: null },
    ]);
  });

  it('refuses a reversed, a huge or a missing range and a bad channel kind, in the caller language, changing nothing', async () => {
    const reversed = await call('POST', '/push-settings', { start_box_id: '200', end_box_id: '100' });
    expect(reversed.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(reversed), [{ field: 'end_box_id', message: expect.stringMatching(/./) }]);
    const reversedZh = await call('POST', '/push-settings', { start_box_id: '200', end_box_id: '100' }, 'demo_root', ZH);
    expect(envelopeOf(reversedZh).message).not.toBe(envelopeOf(reversed).message);
    const huge = await call('POST', '/push-settings', { start_box_id: '1', end_box_id: '99999999' });
    expectFieldErrors(envelopeOf(huge), [{ field: 'end_box_id', message: expect.stringContaining('100000') }]);
    const missing = await call('POST', '/push-settings', { start_box_id: '1' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(envelopeOf(missing).data)).toContain('end_box_id');
    const badKind = await call('POST', '/push-settings', { start_box_id: '1', end_box_id: '2', push: { fault: ['pigeon'] } });
    expect(badKind.statusCode).toBe(400);
    expect(JSON.stringify(envelopeOf(badKind).data)).toContain('push.fault.0');
    expect(await count('push_settings')).toBe(0);
  });

  it("keeps a company channel's secret: never answered, kept on an empty edit, required for a webhook", async () => {
    const hook = { ck: '1001', kind: 'webhook', name: 'Ops', target: 'https://hooks.example.com/x', secret: 'k3y', language: 'en' };
    const added = dataOf<Channel>(await call('POST', '/company-channels', hook));
    expect(added).toMatchObject({ ck: '1001', kind: 'webhook', has_secret: true, user_id: null, enabled: true });
    expect(JSON.stringify(added)).not.toContain('k3y');
    expect(JSON.stringify(dataOf<Channel[]>(await call('GET', '/company-channels')))).not.toContain('k3y');

    const renamed = dataOf<Channel>(await call('PUT', `/company-channels/${added.id}`, { ...hook, name: 'Ops 2', secret: '' }));
    expect(renamed).toMatchObject({ name: 'Ops 2', has_secret: true });
    expect((await rows<{ secret: string }>(sql`select secret from notice_channels where id = ${added.id}`))[0]!.secret).toBe('k3y');

    const mail = dataOf<Channel>(await call('POST', '/company-channels', { ck: '2002', kind: 'email', target: 'ops@example.com' }));
    const noSecret = await call('PUT', `/company-channels/${mail.id}`, { ck: '2002', kind: 'webhook', target: 'https://hooks.example.com/y', secret: '' });
    expectFieldErrors(envelopeOf(noSecret), [{ field: 'secret', message: 'A webhook needs a signing secret' }]);

    for (const [payload, field, message] of [
      [{ ...hook, ck: '9999' }, 'ck', 'Unknown CK code: 9999'],
      [{ ...hook, ck: '12' }, 'ck', undefined],
      [{ ck: '1001', kind: 'email', target: 'not-mail' }, 'target', 'This is not an e-mail address'],
      [{ ...hook, target: 'ftp://x.example.com' }, 'target', 'Use an http:// or https:// address without a user name or password in it'],
      [{ ...hook, secret: '' }, 'secret', 'A webhook needs a signing secret'],
    ] as const) {
      const refused = await call('POST', '/company-channels', payload);
      expect(refused.statusCode, field).toBe(400);
      expectFieldErrors(envelopeOf(refused), [{ field, message: message ?? expect.stringMatching(/./) }]);
    }
    const zh = await call('POST', '/company-channels', { ck: '1001', kind: 'email', target: 'not-mail' }, 'demo_root', ZH);
    expectFieldErrors(envelopeOf(zh), [{ field: 'target', message: '这不是有效的邮箱地址' }]);
    expect(await count('notice_channels')).toBe(2);

    expect(envelopeOf(await call('DELETE', `/company-channels/${mail.id}`)).message).toBe('Company channel deleted');
    expectRejected(await call('PUT', `/company-channels/${mail.id}`, hook), 404, 'This company channel does not exist');
    const logged = await audits('%notice_channel');
    expect(logged.map((entry) => entry.action)).toEqual(['add_notice_channel', 'edit_notice_channel', 'add_notice_channel', 'delete_notice_channel']);
    expect(JSON.stringify(logged)).not.toContain('k3y');
  });

  it('adds, edits and deletes upkeep reminders on numeric registers of a type, audited', async () => {
    const registers = dataOf<{ number: number; format: string }[]>(await call('GET', '/upkeep-reminders/registers/maglev_blower'));
    expect(registers.map((register) => register.number)).toContain(R.runHours);
    expect(registers.every((register) => register.format === 'number')).toBe(true);
    expect(registers.map((register) => register.number)).not.toContain(R.faultCode);

    const input = {
      start_box_id: '300000',
      end_box_id: '300099',
      device_type: 'maglev_blower',
      register: R.runHours,
      parameter: 'oil filter remaining hours',
      judge_value: 10,
      direction: 'below',
    };
    const added = dataOf<UpkeepReminder>(await call('POST', '/upkeep-reminders', input));
    expect(added).toMatchObject({ device_type: { id: 'maglev_blower' }, register: R.runHours, judge_value: 10, direction: 'below', enabled: true });
    expect(added.register_name).toBeTruthy();
    const byNumber = dataOf<UpkeepReminder>(
      await call('PUT', `/upkeep-reminders/${added.id}`, { ...input, device_type: added.device_type.number, judge_value: 5 }),
    );
    expect(byNumber).toMatchObject({ id: added.id, judge_value: 5 });
    expect(dataOf<UpkeepReminder[]>(await call('GET', '/upkeep-reminders'))).toEqual([byNumber]);

    for (const [payload, field, message] of [
      [{ ...input, register: R.faultCode }, 'register', `Unknown register ${R.faultCode}: the device type has no numeric register with this number`],
      [{ ...input, register: 9999 }, 'register', 'Unknown register 9999: the device type has no numeric register with this number'],
      [{ ...input, end_box_id: '200000' }, 'end_box_id', undefined],
      [{ ...input, parameter: 'x'.repeat(61) }, 'parameter', undefined],
      [{ ...input, parameter: ' ' }, 'parameter', undefined],
      [{ ...input, judge_value: 'ten' }, 'judge_value', undefined],
      [{ ...input, direction: 'sideways' }, 'direction', undefined],
    ] as const) {
      const refused = await call('POST', '/upkeep-reminders', payload);
      expect(refused.statusCode, field).toBe(400);
      expectFieldErrors(envelopeOf(refused), [{ field, message: message ?? expect.stringMatching(/./) }]);
    }
    expectRejected(await call('POST', '/upkeep-reminders', { ...input, device_type: 'nope' }), 404, expect.stringMatching(/./) as unknown as string);
    expect(await count('upkeep_reminders')).toBe(1);

    expect(envelopeOf(await call('DELETE', `/upkeep-reminders/${added.id}`)).message).toBe('Upkeep reminder deleted');
    expect((await audits('%upkeep_reminder')).map((entry) => [entry.action, entry.new_value ?? entry.old_value])).toEqual([
      ['add_upkeep_reminder', `300000-300099 maglev_blower r${R.runHours} "oil filter remaining hours" below 10`],
      ['edit_upkeep_reminder', `300000-300099 maglev_blower r${R.runHours} "oil filter remaining hours" below 5`],
      ['delete_upkeep_reminder', `300000-300099 maglev_blower r${R.runHours} "oil filter remaining hours" below 5`],
    ]);
  });

  it('lists the deliveries newest first with filters and paging, and exports them', async () => {
    await registerBoxes(t, [fleetBox('910001', '1001', {}, [{ station: 1, device_type: 'maglev_blower' }])]);
    const box = { id: '910001' };
    const [user] = await rows<{ id: number }>(sql`select id from users where username = 'demo_manager'`);
    await t.database.db.execute(sql`insert into notice_events (type, phase, box_id, message, run_status, occurred_at, fanned_out_at)
      values ('fault', 'opened', ${box.id}, ${JSON.stringify({ zh: '超速', en: 'Overspeed', es: 'Sobrevelocidad', ja: '過速度' })}::jsonb, 'online_fault', now(), now())`);
    await t.database.db
      .execute(sql`insert into notice_deliveries (event_id, user_id, ck, kind, recipient, idempotency_key, state, attempts, last_error, created_at)
      select e.id, ${user!.id}, null, 'email', 'm@example.com', 'k1', 'failed', 3, 'smtp said 550: no such user', now() - interval '2 minutes' from notice_events e`);
    await t.database.db.execute(sql`insert into notice_deliveries (event_id, ck, kind, recipient, idempotency_key, state, attempts, sent_at, created_at)
      select e.id, '1001', 'webhook', 'https://hooks.example.com/z', 'k2', 'sent', 1, now(), now() - interval '1 minute' from notice_events e`);

    const all = dataOf<Page<NoticeDelivery>>(await call('GET', '/notice-deliveries'));
    expect(all.total).toBe(2);
    expect(all.items.map((item) => item.kind)).toEqual(['webhook', 'email']);
    expect(all.items[1]).toMatchObject({
      recipient_name: 'demo_manager',
      recipient: 'm@example.com',
      state: 'failed',
      attempts: 3,
      last_error: 'smtp said 550: no such user',
      sent_at: null,
      event: { type: 'fault', box_id: box.id, controller_id: null, note: 'Overspeed' },
    });
    expect(all.items[0]!.recipient_name).not.toBe('');
    expect(dataOf<Page<NoticeDelivery>>(await call('GET', '/notice-deliveries', undefined, 'demo_root', ZH)).items[0]!.event.note).toBe('超速');

    const filtered = async (query: string) => dataOf<Page<NoticeDelivery>>(await call('GET', `/notice-deliveries?${query}`)).items.map((item) => item.kind);
    expect(await filtered('state=failed')).toEqual(['email']);
    expect(await filtered('kind=webhook')).toEqual(['webhook']);
    expect(await filtered('recipient=example.com%2Fz')).toEqual(['webhook']);
    expect(await filtered('user=demo_man')).toEqual(['email']);
    expect(await filtered(`box_id=${box.id}&page_size=1&page=2`)).toEqual(['email']);
    expect(await filtered('box_id=1')).toEqual([]);
    expect(await filtered(`from=${Date.now() - 90_000}`)).toEqual(['webhook']);
    expect((await call('GET', '/notice-deliveries?state=lost')).statusCode).toBe(400);

    const exported = await call('GET', '/notice-deliveries/export?state=failed');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-export-rows']).toBe('1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Notification log');
    expect(sheet.getRow(1).getCell(1).value).toBe('Queued at');
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining(['demo_manager', 'E-mail', 'm@example.com', 'Failed', 3, 'smtp said 550: no such user', 'Fault', 'Overspeed']),
    );
  });
});
