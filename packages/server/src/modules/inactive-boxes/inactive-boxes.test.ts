import type { InactiveScanResult, JobView } from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { eventually } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };
const DAY_MS = 86_400_000;

describe.each(DATABASE_KINDS)('scanning for inactive boxes on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'demo_root' | 'demo_manager', string>;
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = EN, user: keyof typeof tokens = 'demo_root') =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]), ...headers }, payload: payload as Record<string, unknown> });
  /** Boxes of a company of their own, each last heard from that many days ago (null: never). */
  const silence: Record<string, number | null> = { '880001': null, '880002': 400, '880003': 31, '880004': 5, '880005': 0.1 };

  async function scan(days: number, ck: string | null = '8801'): Promise<InactiveScanResult> {
    const started = await api('POST', '/inactive-scans', { days, ck });
    const jobId = envelopeOf<{ job_id: number }>(started).data.job_id;
    await eventually(async () => (dataOf<JobView>(await api('GET', `/jobs/${jobId}`)).state === 'done' ? true : undefined), `scan ${jobId} done`);
    return dataOf<InactiveScanResult>(await api('GET', `/inactive-scans/${jobId}`));
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(t.app, ['demo_root', 'demo_manager']);
    const db = t.database.db;
    await db.execute(sql`insert into ck_codes (code, name) values ('8801', 'Silent Co') on conflict do nothing`);
    for (const [id, days] of Object.entries(silence)) {
      const lastSeen = days === null ? null : new Date(Date.now() - days * DAY_MS).toISOString();
      await db.execute(sql`insert into boxes (id, ck, model, owner_unit, secret_hash, last_seen_at, registered_at)
        values (${id}, '8801', 'CB-4G', ${`Unit ${id}`}, ${'0'.repeat(64)}, ${lastSeen}::timestamptz, now() - interval '500 days')`);
    }
  });
  afterAll(() => t.dispose());

  it('finds the boxes silent for N days or never seen, of one CK, the never seen and longest silent first', async () => {
    const thirty = await scan(30);
    expect(thirty).toMatchObject({ days: 30, ck: '8801' });
    expect(thirty.boxes.map((box) => [box.box_id, box.days_silent])).toEqual([
      ['880001', null],
      ['880002', 400],
      ['880003', 31],
    ]);
    expect(thirty.boxes[0]).toMatchObject({ ck: '8801', model: 'CB-4G', owner_unit: 'Unit 880001', owner: null, last_seen_at: null, online: false });
    expect((await scan(0)).boxes.map((box) => box.box_id)).toEqual(['880001', '880002', '880003', '880004', '880005']);
    expect((await scan(3650)).boxes.map((box) => box.box_id)).toEqual(['880001']);
    // Without a CK: every company's silent boxes, ours among them.
    const all = await scan(30, null);
    expect(all.ck).toBeNull();
    expect(all.boxes.map((box) => box.box_id)).toEqual(expect.arrayContaining(['880001', '880002', '880003']));
    expect(all.boxes.map((box) => box.box_id)).not.toContain('880004');
  });

  it('exports a scan as a workbook with the screen’s columns in the reader’s language', async () => {
    const result = await scan(30);
    const response = await api('GET', `/inactive-scans/${result.job_id}/export`, undefined, ZH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-export-rows']).toBe('3');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('不活跃盒子');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '盒子ID',
      'CK',
      'IOT型号',
      '所属单位',
      '所属用户',
      '最后通信',
      '静默天数',
      '注册时间',
      '在线',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual(['880001', '8801', 'CB-4G', 'Unit 880001', undefined, '从未上线', undefined]);
    expect(sheet.getRow(3).getCell(7).value).toBe(400);
    expect(sheet.getRow(3).getCell(6).value).toBeInstanceOf(Date);
    expect(sheet.getRow(4).getCell(1).value).toBe('880003');
    expect(sheet.getRow(4).getCell(9).value).toBe('否');
  });

  it('refuses bad input in the caller’s language, unknown scans, and anyone but root', async () => {
    expectFieldErrors(envelopeOf(await api('POST', '/inactive-scans', { days: 3651 })), [
      { field: 'days', message: 'The number of days must be between 0 and 3650' },
    ]);
    expectFieldErrors(envelopeOf(await api('POST', '/inactive-scans', { days: -1 }, ZH)), [{ field: 'days', message: '只能是非负整数' }]);
    expectFieldErrors(envelopeOf(await api('POST', '/inactive-scans', { days: 1.5 })), [{ field: 'days', message: 'Can only be a non negative integer' }]);
    expect((await api('POST', '/inactive-scans', { days: 3, ck: '12' })).statusCode).toBe(400);
    expect((await api('POST', '/inactive-scans', {})).statusCode).toBe(400);
    expectRejected(await api('GET', '/inactive-scans/999999'), 404, 'The scan does not exist');
    expectRejected(await api('POST', '/inactive-scans', { days: 3 }, EN, 'demo_manager'), 403, 'You do not have permission to do this.');
    expectRejected(await api('GET', '/inactive-scans/1/export', undefined, EN, 'demo_manager'), 403, 'You do not have permission to do this.');
  });
});
