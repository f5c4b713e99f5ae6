import type { Channel, NotificationItem, NotificationPreferences, Page } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { eventually } from '../../test/data-plane.js';
import { box, openRecord, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';
import { queueNoticeEvents, type StoredRecord } from '../../ingest/store.js';
import { queryRows } from '../../db/sql.js';

const BOX_A = '7300001';
const BOX_B = '7300002';
const MAGLEV = [{ station: 1, device_type: 'maglev_blower' }];
const HOUR = 3_600_000;
const ZH = { 'accept-language': 'zh' };

describe.each(DATABASE_KINDS)('notifications on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const T0 = Date.parse('2025-03-01T08:00:00Z');
  /** The records behind the events, oldest first: A's fault, A's alert (with the fault open), B's fault that ended. */
  let records: StoredRecord[];
  /** What the bus told of demo_manager's new notifications, in order: each with its unread count then. */
  const heard: { notificationId: number; unread: number }[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'demo_manager', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const page = async (query: string, user = 'demo_manager', headers = EN) =>
    dataOf<Page<NotificationItem>>(await call('GET', `/notifications${query}`, undefined, user, headers));
  const unread = async (user = 'demo_manager') => dataOf<number>(await call('GET', '/notifications/unread-count', undefined, user));
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(t.app, ['demo_manager', 'demo_root', 'demo_helper2']);
    await registerBoxes(t, [box(BOX_A, '1001', {}, MAGLEV), box(BOX_B, '1001', {}, MAGLEV)]);
    const db = t.database.db;
    const [manager] = await rows<{ id: number }>(sql`select id from users where username = 'demo_manager'`);
    t.app.services.bus.subscribe('notice', ({ recipients }) => heard.push(...recipients.filter((recipient) => recipient.userId === manager!.id)));
    // Each record's events are written as the ingest writes them, with the record; then the fan-out tells the readers.
    const trip = async (boxId: string, severity: 'fault' | 'alert', startedAt: number, endedAt: number | null = null) => {
      const record = await openRecord(t.app, db, boxId, 1, severity, startedAt, endedAt);
      await queueNoticeEvents(db, [record], []);
      return record;
    };
    records = [await trip(BOX_A, 'fault', T0), await trip(BOX_A, 'alert', T0 + HOUR), await trip(BOX_B, 'fault', T0 + 2 * HOUR, T0 + 3 * HOUR)];
    t.app.services.notices.wake();
    await eventually(async () => ((await unread()) === 4 ? true : undefined), "demo_manager's four notifications");
    // The fan-out tells the bus once its transaction's commit is back, which can be after another
    // connection already reads the four: wait for what the bus heard too.
    await eventually(() => (heard.length >= 4 ? true : undefined), 'the bus telling of the four');
  });
  afterAll(() => t?.dispose());

  it('tells each reader its unread count as it grows, event by event, however the fan-out batched the events', () => {
    expect(heard.map((recipient) => recipient.unread)).toEqual([1, 2, 3, 4]);
    const ids = heard.map((recipient) => recipient.notificationId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("lists the caller's notifications newest first, notes in the caller's language, paged on the server", async () => {
    const all = await page('');
    expect(all.total).toBe(4);
    expect(all.items.map((item) => [item.box_id, item.type, item.fault_record_id])).toEqual([
      [BOX_B, 'normal', records[2]!.id],
      [BOX_B, 'fault', records[2]!.id],
      [BOX_A, 'fault_alert', records[1]!.id],
      [BOX_A, 'fault', records[0]!.id],
    ]);
    const ids = all.items.map((item) => item.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(all.items[3]).toMatchObject({
      controller_id: 1,
      company: expect.any(String),
      box_model: expect.any(String),
      run_status: 'online_fault',
      note: records[0]!.message.en,
      at: T0,
      read: false,
    });
    expect((await page('', 'demo_manager', ZH)).items[3]!.note).toBe(records[0]!.message.zh);

    const second = await page('?page=2&page_size=3');
    expect(second).toMatchObject({ total: 4, items: [{ id: ids[3] }] });
    expect((await page('?page=3&page_size=3')).items).toEqual([]);
  });

  it('filters by type, box, time and unread', async () => {
    const boxes = async (query: string) => (await page(query)).items.map((item) => `${item.box_id}:${item.type}`);
    expect(await boxes('?type=fault')).toEqual([`${BOX_B}:fault`, `${BOX_A}:fault`]);
    expect(await boxes(`?box_id=${BOX_A}`)).toEqual([`${BOX_A}:fault_alert`, `${BOX_A}:fault`]);
    expect(await boxes(`?from=${T0 + HOUR}&to=${new Date(T0 + 2 * HOUR).toISOString()}`)).toEqual([`${BOX_B}:fault`, `${BOX_A}:fault_alert`]);
    expect(await boxes('?type=&box_id=&unread=true')).toHaveLength(4);
    expect((await page('?type=upkeep')).total).toBe(0);
  });

  it("refuses bad filters in the caller's language", async () => {
    const refused = async (query: string, fields: { field: string; message: string }[], headers = EN) => {
      const response = await call('GET', `/notifications${query}`, undefined, 'demo_manager', headers);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), fields);
    };
    await refused('?type=sms&box_id=12a&page_size=900', [
      { field: 'type', message: 'type is not valid.' },
      { field: 'box_id', message: 'The box ID must be 1-32 digits' },
      { field: 'page_size', message: 'At most 500 rows per page' },
    ]);
    await refused('?from=2025-03-01T08:00:00', [{ field: 'from', message: '请使用毫秒时间戳或带时区的ISO 8601时间' }], ZH);
    await refused('?unread=maybe', [{ field: 'unread', message: expect.any(String) as unknown as string }]);
  });

  it("shows each user only its own: another company's manager has none, root has its own", async () => {
    expect(await page('', 'demo_helper2')).toEqual({ total: 0, items: [] });
    expect(await unread('demo_helper2')).toBe(0);
    const root = await page('', 'demo_root');
    expect(root.total).toBe(4);
    const manager = new Set((await page('')).items.map((item) => item.id));
    expect(root.items.filter((item) => manager.has(item.id))).toEqual([]);
  });

  it('marks read by id (only the caller’s own) and all at once, answering how many changed', async () => {
    const [first, second] = (await page('')).items;
    const rootItem = (await page('', 'demo_root')).items[0]!;
    const read = await call('POST', '/notifications/read', { ids: [first!.id, second!.id, rootItem.id, 999_999_999] });
    expect(envelopeOf(read)).toMatchObject({ data: 2, message: '2 notifications marked as read.' });
    expect(dataOf<number>(await call('POST', '/notifications/read', { ids: [first!.id] }))).toBe(0);
    expect(await unread()).toBe(2);
    expect(await unread('demo_root')).toBe(4);
    expect((await page('?unread=1')).items.map((item) => item.id)).not.toContain(first!.id);
    expect((await page('')).items[0]).toMatchObject({ id: first!.id, read: true });

    const refused = async (body: unknown, message: string) => {
      const response = await call('POST', '/notifications/read', body);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), [{ field: 'ids', message }]);
    };
    await refused({ ids: [] }, 'Choose at least one notification');
    await refused({ ids: Array.from({ length: 501 }, (_, index) => index + 1) }, 'At most 500 notifications at a time');
    await refused({}, 'Please fill in ids');
    expect(await unread()).toBe(2);

    expect(dataOf<number>(await call('POST', '/notifications/read-all'))).toBe(2);
    expect(await unread()).toBe(0);
    expect(await unread('demo_root')).toBe(4);
  });

  it("keeps each user's push preferences, which the fan-out follows", async () => {
    expect(dataOf<NotificationPreferences>(await call('GET', '/notifications/preferences'))).toEqual({ push: {} });
    const saved = await call('PUT', '/notifications/preferences', { push: { fault: ['webhook', 'email'], normal: [], alert: ['email'] } });
    expect(envelopeOf(saved)).toMatchObject({ message: 'Notification settings saved.', data: { push: { fault: ['email', 'webhook'], alert: ['email'] } } });
    expect(dataOf<NotificationPreferences>(await call('GET', '/notifications/preferences'))).toEqual({
      push: { fault: ['email', 'webhook'], alert: ['email'] },
    });
    expect(dataOf<NotificationPreferences>(await call('GET', '/notifications/preferences', undefined, 'demo_root'))).toEqual({ push: {} });

    const bad = await call('PUT', '/notifications/preferences', { push: { fault: ['sms'] } }, 'demo_manager', ZH);
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [{ field: 'push.fault.0', message: expect.stringContaining('无效') as unknown as string }]);

    // An e-mail channel and the next fault: one delivery to it, none for the recovery type it did not choose.
    const channel = dataOf<Channel>(await call('POST', '/notifications/channels', { kind: 'email', target: 'ops@example.com' }));
    const next = await openRecord(t.app, t.database.db, BOX_B, 1, 'fault', T0 + 5 * HOUR, T0 + 6 * HOUR);
    await queueNoticeEvents(t.database.db, [next], []);
    t.app.services.notices.wake();
    // Fanned out first, then its deliveries: read the other way round, a fan-out committed between the two reads looked like none.
    await eventually(async () => {
      const waiting = await rows<{ n: number }>(sql`select count(*)::int as n from notice_events where fault_record_id = ${next.id} and fanned_out_at is null`);
      return waiting[0]!.n === 0 ? true : undefined;
    }, 'the fault fanned out');
    const deliveries = await rows<{ kind: string; recipient: string }>(
      sql`select d.kind, d.recipient from notice_deliveries d join notice_events e on e.id = d.event_id where e.fault_record_id = ${next.id} and d.channel_id = ${channel.id}`,
    );
    expect(deliveries).toEqual([{ kind: 'email', recipient: 'ops@example.com' }]);
    await call('DELETE', `/notifications/channels/${channel.id}`);
  });

  it("manages the caller's own channels: checked, secrets kept and never answered, audited, at most ten", async () => {
    const [{ since }] = (await rows<{ since: number }>(sql`select coalesce(max(id), 0)::int as since from operation_logs`)) as [{ since: number }];
    const refused = async (method: 'POST' | 'PUT', url: string, body: unknown, fields: { field: string; message: string }[], headers = EN) => {
      const response = await call(method, url, body, 'demo_manager', headers);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), fields);
    };
    await refused('POST', '/notifications/channels', { kind: 'email', target: 'not-an-address' }, [
      { field: 'target', message: 'This is not an e-mail address' },
    ]);
    await refused(
      'POST',
      '/notifications/channels',
      { kind: 'webhook', target: 'ftp://example.com/x', secret: 'k' },
      [{ field: 'target', message: '请使用 http:// 或 https:// 地址，且不含用户名和密码' }],
      ZH,
    );
    await refused('POST', '/notifications/channels', { kind: 'webhook', target: 'https://hooks.example.com/a' }, [
      { field: 'secret', message: 'A webhook needs a signing secret' },
    ]);
    await refused('POST', '/notifications/channels', { kind: 'pager', target: 'x' }, [{ field: 'kind', message: 'kind is not valid.' }]);
    expect(dataOf<Channel[]>(await call('GET', '/notifications/channels'))).toEqual([]);

    const added = await call('POST', '/notifications/channels', {
      kind: 'webhook',
      name: 'Ops hook',
      target: 'https://hooks.example.com/a',
      secret: 's3cret',
      language: 'en',
    });
    const hook = envelopeOf<Channel>(added);
    expect(hook).toMatchObject({
      message: 'Channel added.',
      data: { kind: 'webhook', name: 'Ops hook', has_secret: true, ck: null, language: 'en', enabled: true },
    });
    expect(added.body).not.toContain('s3cret');
    const secretOf = async (id: number) => (await rows<{ secret: string }>(sql`select secret from notice_channels where id = ${id}`))[0]?.secret;

    // An empty secret keeps the stored one; a new one replaces it.
    const kept = dataOf<Channel>(
      await call('PUT', `/notifications/channels/${hook.data.id}`, {
        kind: 'webhook',
        name: 'Ops',
        target: 'https://hooks.example.com/b',
        secret: '',
        enabled: false,
      }),
    );
    expect(kept).toMatchObject({ name: 'Ops', target: 'https://hooks.example.com/b', has_secret: true, enabled: false });
    expect(await secretOf(hook.data.id)).toBe('s3cret');
    await refused('PUT', `/notifications/channels/${hook.data.id}`, { kind: 'webhook', target: 'mailto:x' }, [
      { field: 'target', message: 'Use an http:// or https:// address without a user name or password in it' },
    ]);

    const mail = dataOf<Channel>(await call('POST', '/notifications/channels', { kind: 'email', target: 'me@example.com' }));
    await refused('PUT', `/notifications/channels/${mail.id}`, { kind: 'webhook', target: 'https://hooks.example.com/c' }, [
      { field: 'secret', message: 'A webhook needs a signing secret' },
    ]);

    // Another user's channel, and one that does not exist, are not found, and stay as they were.
    const rootChannel = dataOf<Channel>(await call('POST', '/notifications/channels', { kind: 'email', target: 'root@example.com' }, 'demo_root'));
    for (const id of [rootChannel.id, 999_999]) {
      expectRejected(await call('PUT', `/notifications/channels/${id}`, { kind: 'email', target: 'x@example.com' }), 404, 'The channel was not found.');
      expectRejected(await call('DELETE', `/notifications/channels/${id}`, undefined, 'demo_manager', ZH), 404, '通知渠道不存在。');
    }
    expect(dataOf<Channel[]>(await call('GET', '/notifications/channels', undefined, 'demo_root'))).toMatchObject([
      { id: rootChannel.id, target: 'root@example.com' },
    ]);
    expect(dataOf<Channel[]>(await call('GET', '/notifications/channels')).map((channel) => channel.id)).toEqual([hook.data.id, mail.id]);

    for (let index = 2; index < 10; index += 1) await call('POST', '/notifications/channels', { kind: 'email', target: `n${index}@example.com` });
    expectRejected(
      await call('POST', '/notifications/channels', { kind: 'email', target: 'n10@example.com' }),
      409,
      'You have 10 channels already; delete one first.',
    );
    expect(envelopeOf(await call('DELETE', `/notifications/channels/${mail.id}`)).message).toBe('Channel deleted.');
    expect(dataOf<Channel[]>(await call('GET', '/notifications/channels'))).toHaveLength(9);

    const audit = await rows<{ action: string; old_value: string | null; new_value: string | null }>(
      sql`select action, old_value, new_value from operation_logs where username = 'demo_manager' and action like '%notice_channel' and id > ${since} order by id`,
    );
    expect(audit.slice(0, 3)).toEqual([
      { action: 'add_notice_channel', old_value: null, new_value: 'webhook https://hooks.example.com/a (Ops hook)' },
      {
        action: 'edit_notice_channel',
        old_value: 'webhook https://hooks.example.com/a (Ops hook)',
        new_value: 'webhook https://hooks.example.com/b (Ops) disabled',
      },
      { action: 'add_notice_channel', old_value: null, new_value: 'email me@example.com' },
    ]);
    expect(audit.at(-1)).toEqual({ action: 'delete_notice_channel', old_value: 'email me@example.com', new_value: null });
    expect(audit.map((entry) => entry.new_value ?? entry.old_value).join()).not.toContain('s3cret');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['POST', '/notifications/read-all'],
      ['GET', '/notifications/channels'],
      ['GET', '/notifications/preferences'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/v2${url}`, headers: EN });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
