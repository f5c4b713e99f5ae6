import type { Page, ServerLogEntry, ServerLogHour } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { createServerLogWriter } from '../../server-log/writer.js';
import { dataOf, expectFieldErrors } from '../../test/api.js';
import { box, createOtherCkManager, OTHER_CK_MANAGER, registerBoxes } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const MINE = '730100010';
const OTHER_COMPANY = '730100900';
const UNREGISTERED = '730199999';
const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe.each(DATABASE_KINDS)('server log on %s', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(database);
    await createOtherCkManager(t);
    await registerBoxes(t, [
      box(MINE, '1001', {}, [{ station: 1, device_type: 'generic_plc' }]),
      box(OTHER_COMPANY, '2002', {}, [{ station: 1, device_type: 'generic_plc' }]),
    ]);
    tokens = await signInDemo(t.app, ['demo_root', 'demo_manager', OTHER_CK_MANAGER]);
    const log = t.app.services.serverLog.log;
    log.serverStart('9.9.9');
    for (let index = 0; index < 50; index += 1) log.ingestRejected('malformed', MINE);
    log.ingestRejected('bad_value', MINE, 3);
    log.brokerRefused('bad_credentials', OTHER_COMPANY);
    log.unknownBox(UNREGISTERED, '10.0.0.9');
    await t.app.services.serverLog.flush();
  });
  afterAll(() => t.dispose());

  const get = (url: string, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers } });
  const list = async (query = '', user = 'demo_root') => dataOf<Page<ServerLogEntry>>(await get(`/server-logs?page_size=500${query}`, user));
  const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from server_logs`))[0]!.n;

  it('folds a storm of the same event into one entry with its count, copies the CK and the instance', async () => {
    const rows = await queryRows<{ kind: string; ck: string | null; details: { reason?: string; count?: number }; instance: string }>(
      t.database.db,
      sql`select kind, ck, details, instance from server_logs where box_id = ${MINE} order by id`,
    );
    expect(rows.map((row) => [row.kind, row.ck, row.details.reason, row.details.count])).toEqual([
      ['ingest_rejected', '1001', 'malformed', 50],
      ['ingest_rejected', '1001', 'bad_value', 3],
    ]);
    expect(rows[0]!.instance).toBe(t.config.mqtt.clientId);
  });

  it("renders each entry in the reader's language from its kind and details, the English message kept", async () => {
    const [entry] = (await list(`&box_id=${MINE}&keyword=malformed`)).items;
    expect(entry).toMatchObject({ text: 'Message rejected: malformed (50×)', message: 'Message rejected: malformed', level: 'warn' });
    const zh = dataOf<Page<ServerLogEntry>>(await get(`/server-logs?box_id=${MINE}&keyword=malformed`, 'demo_root', { 'accept-language': 'zh' }));
    expect(zh.items[0]!.text).toBe('消息被拒收：malformed（50 次）');
  });

  it("root reads every entry; a manager only its own boxes' (never another company's, an unregistered box's or the server's own)", async () => {
    const boxesOf = async (user: string) => [...new Set((await list('', user)).items.map((entry) => entry.box_id))].sort();
    expect(await boxesOf('demo_root')).toEqual(expect.arrayContaining([MINE, OTHER_COMPANY, UNREGISTERED, null]));
    expect(await boxesOf('demo_manager')).toEqual([MINE]);
    expect(await boxesOf(OTHER_CK_MANAGER)).toEqual([OTHER_COMPANY]);
    expect((await list(`&box_id=${OTHER_COMPANY}`, 'demo_manager')).total).toBe(0);
  });

  it('filters by level, kind, box, keyword and time', async () => {
    expect((await list('&kind=unknown_box')).items.map((entry) => entry.box_id)).toContain(UNREGISTERED);
    expect((await list('&kind=server_start')).items.every((entry) => entry.kind === 'server_start')).toBe(true);
    expect((await list('&level=info')).items.every((entry) => entry.level === 'info')).toBe(true);
    expect((await list(`&box_id=${MINE}&keyword=BAD_VALUE`)).items.map((entry) => entry.details.count)).toEqual([3]);
    expect((await list(`&box_id=${MINE}&to=${Date.now() - 3_600_000}`)).total).toBe(0);
    expect((await list(`&box_id=${MINE}&from=${Date.now() - 3_600_000}`)).total).toBe(2);
    const hours = dataOf<ServerLogHour[]>(await get(`/server-logs/hours?box_id=${MINE}`, 'demo_manager'));
    expect(hours).toEqual([{ hour: expect.stringMatching(/T\d\d:00:00Z$/) as unknown as string, level: 'warn', count: 2 }]);
  });

  it('exports the filtered, scoped entries as a workbook', async () => {
    const response = await get(`/server-logs/export?box_id=${MINE}`, 'demo_manager');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['x-export-rows']).toBe('2');
    expect((await get(`/server-logs/export?box_id=${OTHER_COMPANY}`, 'demo_manager')).headers['x-export-rows']).toBe('0');
  });

  it("refuses bad filters in the reader's language and changes nothing", async () => {
    const before = await count();
    const refused = async (query: string, field: string, message: string, headers = EN) => {
      const response = await get(`/server-logs?${query}`, 'demo_manager', headers);
      expect(response.statusCode, response.body).toBe(400);
      expectFieldErrors(envelopeOf(response), [{ field, message }]);
    };
    await refused('level=fatal', 'level', 'level is not valid.');
    await refused('box_id=abc', 'box_id', 'The box ID must be 1-32 digits');
    await refused('from=yesterday', 'from', 'Use epoch milliseconds or an ISO 8601 time with an offset');
    await refused('page_size=501', 'page_size', 'At most 500 rows per page');
    const zh = await get('/server-logs?kind=nope', 'demo_manager', { 'accept-language': 'zh' });
    expect(zh.statusCode).toBe(400);
    expect(envelopeOf(zh).message).not.toMatch(/is not valid/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/server-logs' })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('never holds more than its bound: past it entries are dropped and counted', async () => {
    const writer = createServerLogWriter(t.database.db, quiet, { instance: 'bounded', retentionDays: 30, maxBuffered: 3, batchSize: 100 });
    for (let index = 0; index < 10; index += 1) writer.write({ level: 'info', kind: 'server_start', message: `start ${index}` });
    for (let index = 0; index < 5; index += 1) writer.write({ level: 'warn', kind: 'ingest_rejected', box_id: MINE, message: 'x', fold: 'x' });
    expect(writer.buffered).toBe(3);
    expect(writer.dropped).toBe(12);
    await writer.close();
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from server_logs where instance = 'bounded'`))[0]!.n).toBe(3);
  });

  it('inserts a batch once it is full, without waiting for the timer', async () => {
    const writer = createServerLogWriter(t.database.db, quiet, { instance: 'batched', retentionDays: 30, batchSize: 5, flushMs: 3_600_000 });
    for (let index = 0; index < 5; index += 1) writer.write({ level: 'info', kind: 'server_stop', message: `stop ${index}` });
    await writer.flush();
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from server_logs where instance = 'batched'`))[0]!.n).toBe(5);
  });

  it('deletes entries past the retention in bounded batches, and keeps the rest', async () => {
    await t.database.db.execute(sql`insert into server_logs (created_at, level, kind, message, instance)
      select now() - interval '40 days', 'info', 'server_start', 'old', 'retention' from generate_series(1, 7)`);
    await t.database.db.execute(sql`insert into server_logs (created_at, level, kind, message, instance)
      values (now() - interval '29 days', 'info', 'server_start', 'recent', 'retention')`);
    const writer = createServerLogWriter(t.database.db, quiet, { instance: 'x', retentionDays: 30, pruneBatch: 3 });
    expect(await writer.prune()).toBe(7);
    const left = await queryRows<{ message: string }>(t.database.db, sql`select message from server_logs where instance = 'retention'`);
    expect(left.map((row) => row.message)).toEqual(['recent']);
  });
});
