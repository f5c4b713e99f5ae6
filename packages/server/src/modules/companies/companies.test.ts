import { Code, DEMO_ACCOUNTS, type CompanyDeviceTypesView, type CompanyPage, type CompanyView, type PermissionTemplateView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo, startTestApp, type TestApp } from '../../test/helpers.js';

const OTHERS = DEMO_ACCOUNTS.map((account) => account.username).filter((username) => username !== 'demo_root');
const ZH = { 'accept-language': 'zh' };

describe.each(DATABASE_KINDS)('companies on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(
      t.app,
      DEMO_ACCOUNTS.map((account) => account.username),
    );
  });
  afterAll(() => t.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'demo_root', headers: Record<string, string> = EN) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers }, payload: payload as Record<string, unknown> });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const logsOf = (ck: string) =>
    rows<{ username: string; action: string; old_value: string | null; new_value: string | null; box_id: string | null }>(
      sql`select username, action, old_value, new_value, box_id from operation_logs where ck = ${ck} and action like '%company%' order by id`,
    );
  const companyCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from ck_codes`))[0]!.n;

  it('answers 403 to every demo account but root, on every call, and changes nothing', async () => {
    const before = await companyCount();
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/companies'],
      ['POST', '/companies', { code: '7001', name: 'Nope' }],
      ['PUT', '/companies/1001', { name: 'Taken over' }],
      ['DELETE', '/companies/2002'],
      ['GET', '/companies/1001/device-types'],
      ['PUT', '/companies/1001/device-types', { device_types: [] }],
    ];
    for (const user of OTHERS) {
      for (const [method, url, payload] of calls)
        expectRejected(await call(method, url, payload, user), 403, 'You do not have permission to do this.', `${user} ${method} ${url}`);
    }
    expect(await companyCount()).toBe(before);
    expect((await rows<{ name: string }>(sql`select name from ck_codes where code = '1001'`))[0]!.name).toBe('Demo Factory');
  });

  it('lists companies by code or name, paged, with their counts', async () => {
    const all = dataOf<CompanyPage>(await call('GET', '/companies'));
    expect(all.total).toBeGreaterThanOrEqual(2);
    const demo = all.items.find((company) => company.code === '1001')!;
    expect(demo).toMatchObject({ name: 'Demo Factory', enabled: true, time_zone: 'Asia/Shanghai' });
    expect(demo.accounts).toBeGreaterThan(5);
    expect(Date.parse(demo.created_at)).not.toBeNaN();
    expect(dataOf<CompanyPage>(await call('GET', '/companies?keyword=second')).items.map((company) => company.code)).toEqual(['2002']);
    expect(dataOf<CompanyPage>(await call('GET', '/companies?keyword=100')).items.map((company) => company.code)).toEqual(['1001']);
    const page = dataOf<CompanyPage>(await call('GET', '/companies?page=2&page_size=1'));
    expect(page.total).toBe(all.total);
    expect(page.items.map((company) => company.code)).toEqual([all.items[1]!.code]);
    expectRejected(await call('GET', '/companies?page_size=0'), 400, 'Can only be a positive integer');
  });

  it('refuses bad input with each field’s message in the caller’s language and creates nothing', async () => {
    const before = await companyCount();
    const bad = await call('POST', '/companies', { code: '12a', name: ' ', phone: 'x'.repeat(31) });
    expect(bad.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(bad), [
      { field: 'code', message: 'CK code must be exactly 4 digits' },
      { field: 'name', message: 'Please fill in name' },
      { field: 'phone', message: 'phone is too long' },
    ]);
    const zh = await call('POST', '/companies', { name: 'x' }, 'demo_root', ZH);
    expectFieldErrors(envelopeOf(zh), [{ field: 'code', message: 'CK码必须是4位数字' }]);
    expect(await companyCount()).toBe(before);
  });

  it('creates a company, audited; a code taken answers 409 naming the field', async () => {
    const created = dataOf<CompanyView>(await call('POST', '/companies', { code: '7100', name: ' Acme Pumps ', contact: 'Li Lei', phone: '13800000000' }));
    expect(created).toMatchObject({ code: '7100', name: 'Acme Pumps', contact: 'Li Lei', enabled: true, accounts: 0, boxes: 0, device_types: [] });
    const taken = await call('POST', '/companies', { code: '7100', name: 'Other' });
    expectRejected(taken, 409, 'A company with CK code 7100 already exists.');
    expectFieldErrors(envelopeOf(taken), [{ field: 'code', message: 'A company with CK code 7100 already exists.' }]);
    expect(await logsOf('7100')).toEqual([{ username: 'demo_root', action: 'add_company', old_value: null, new_value: 'Acme Pumps', box_id: null }]);
  });

  it('edits a company with its old and new facts in the log; the code cannot change', async () => {
    await call('POST', '/companies', { code: '7200', name: 'Before' });
    const edited = dataOf<CompanyView>(await call('PUT', '/companies/7200', { name: 'After', phone: '021-555', contact: '' }));
    expect(edited).toMatchObject({ code: '7200', name: 'After', phone: '021-555', contact: '' });
    expect((await logsOf('7200')).at(-1)).toMatchObject({ action: 'edit_company', old_value: 'name=Before; phone=', new_value: 'name=After; phone=021-555' });
    const renamed = await call('PUT', '/companies/7200', { code: '7201', name: 'X' });
    expectRejected(renamed, 400, 'The CK code of a company cannot be changed.');
    expect(dataOf<CompanyPage>(await call('GET', '/companies?keyword=7200')).items[0]!.name).toBe('After');
    expectRejected(await call('PUT', '/companies/7999', { name: 'Ghost' }), 404, 'Company 7999 not found.');
    expectRejected(await call('PUT', '/companies/79', { name: 'Ghost' }), 400, 'CK code must be exactly 4 digits');
    const logged = (await logsOf('7200')).length;
    dataOf(await call('PUT', '/companies/7200', { name: 'After' }));
    expect((await logsOf('7200')).length).toBe(logged);
  });

  it('disabling a company ends its accounts’ sessions (50012), audited', async () => {
    dataOf(await call('GET', '/user/info', undefined, 'demo_manager2'));
    const disabled = dataOf<CompanyView>(await call('PUT', '/companies/2002', { enabled: false }));
    expect(disabled.enabled).toBe(false);
    for (const user of ['demo_manager2', 'demo_helper2']) {
      const answer = await call('GET', '/user/info', undefined, user);
      expect(answer.statusCode).toBe(401);
      expect(envelopeOf(answer).code).toBe(Code.SESSION_ENDED_ELSEWHERE);
    }
    const reasons = await rows<{ revoked_reason: string }>(
      sql`select distinct s.revoked_reason from sessions s join users u on u.id = s.user_id where u.ck = '2002'`,
    );
    expect(reasons).toEqual([{ revoked_reason: 'account_disabled' }]);
    dataOf(await call('GET', '/user/info', undefined, 'demo_manager'));
    expect((await logsOf('2002')).at(-1)).toMatchObject({ action: 'edit_company', old_value: 'enabled=true', new_value: 'enabled=false' });
    dataOf(await call('PUT', '/companies/2002', { enabled: true }));
  });

  it('sets the device types a company uses, each checked, and answers their registers', async () => {
    await call('POST', '/companies', { code: '7300', name: 'Types' });
    const unknown = await call('PUT', '/companies/7300/device-types', { device_types: ['maglev_blower', 'no_such_type'] });
    expect(unknown.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(unknown), [{ field: 'device_types.1', message: 'Unknown device type: no_such_type' }]);
    expect(dataOf<CompanyDeviceTypesView>(await call('GET', '/companies/7300/device-types')).device_types).toEqual([]);
    const set = dataOf<CompanyDeviceTypesView>(await call('PUT', '/companies/7300/device-types', { device_types: ['maglev_blower', 'generic_plc'] }));
    expect(set.device_types.map((type) => type.id)).toEqual(['generic_plc', 'maglev_blower']);
    const blower = set.device_types.find((type) => type.id === 'maglev_blower')!;
    expect(blower.registers.length).toBeGreaterThan(3);
    expect(blower.registers.some((register) => register.writable)).toBe(true);
    expect(blower.registers[0]!.name).not.toMatch(/^\d+$/);
    expect(dataOf<CompanyPage>(await call('GET', '/companies?keyword=7300')).items[0]!.device_types).toEqual(['generic_plc', 'maglev_blower']);
    dataOf(await call('PUT', '/companies/7300/device-types', { device_types: ['maglev_blower'] }));
    expect((await logsOf('7300')).filter((entry) => entry.action === 'set_company_device_types')).toEqual([
      { username: 'demo_root', action: 'set_company_device_types', old_value: '', new_value: 'generic_plc, maglev_blower', box_id: null },
      { username: 'demo_root', action: 'set_company_device_types', old_value: 'generic_plc, maglev_blower', new_value: 'maglev_blower', box_id: null },
    ]);
    expectRejected(await call('GET', '/companies/7999/device-types'), 404, 'Company 7999 not found.');
  });

  it('gives root a company’s models (permission templates) through the template calls', async () => {
    await call('POST', '/companies', { code: '7400', name: 'Models' });
    const created = dataOf<PermissionTemplateView>(
      await call('POST', '/permission-templates', { ck: '7400', name: 'Operator', level: 0, rights: { maglev_blower: { '1': 'r' } } }),
    );
    expect(created).toMatchObject({ ck: '7400', name: 'Operator' });
    const models = dataOf<PermissionTemplateView[]>(await call('GET', '/permission-templates?ck=7400'));
    expect(models.map((model) => model.name)).toEqual(['Operator']);
    expect(dataOf<PermissionTemplateView[]>(await call('GET', '/permission-templates?ck=1001')).every((model) => model.ck === '1001')).toBe(true);
    expectRejected(await call('GET', '/permission-templates?ck=12'), 400, 'CK code must be exactly 4 digits');
    const unknownCk = await call('POST', '/permission-templates', { ck: '7998', name: 'X', level: 0, rights: {} });
    expectFieldErrors(envelopeOf(unknownCk), [{ field: 'ck', message: 'Unknown CK code: 7998' }]);
  });

  it('deletes an empty company with its models, audited; one with accounts or boxes answers 409', async () => {
    const inUse = await call('DELETE', '/companies/1001');
    expect(inUse.statusCode).toBe(409);
    expect(envelopeOf(inUse).message).toMatch(/^Company 1001 still has \d+ accounts and \d+ boxes/);
    expectRejected(await call('DELETE', '/companies/7999'), 404, 'Company 7999 not found.');
    await call('POST', '/companies', { code: '7600', name: 'One box' });
    await t.database.db.execute(sql`insert into boxes (id, ck, secret_hash) values ('760000001', '7600', 'x')`);
    expect(dataOf<CompanyPage>(await call('GET', '/companies?keyword=7600')).items[0]).toMatchObject({ accounts: 0, boxes: 1 });
    expectRejected(
      await call('DELETE', '/companies/7600'),
      409,
      'Company 7600 still has 0 accounts and 1 boxes: move or delete them before deleting the company.',
    );
    await call('POST', '/companies', { code: '7500', name: 'Short-lived' });
    await call('PUT', '/companies/7500/device-types', { device_types: ['maglev_blower'] });
    await call('POST', '/permission-templates', { ck: '7500', name: 'Gone', level: 0, rights: {} });
    dataOf(await call('DELETE', '/companies/7500'));
    expect(await rows(sql`select 1 from ck_codes where code = '7500' union all select 1 from permission_templates where ck = '7500'`)).toEqual([]);
    expect((await logsOf('7500')).at(-1)).toMatchObject({ action: 'delete_company', old_value: 'Short-lived' });
  });
});
