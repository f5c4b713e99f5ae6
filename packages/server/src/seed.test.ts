import { DEMO_ACCOUNTS, DEMO_PASSWORD, type UserInfo } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ckCodes, users } from './db/schema.js';
import { createPasswordHasher } from './modules/users/passwords.js';
import { DEFAULT_ROOT_USERNAME, seed } from './seed.js';
import { DATABASE_KINDS, envelopeOf, login, openTestDatabase, testConfig, type TestDatabase } from './test/helpers.js';

describe.each(DATABASE_KINDS)('first start on %s', (kind) => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await openTestDatabase(kind);
  });
  afterEach(() => testDatabase.dispose());

  const db = () => testDatabase.database.db;
  const passwords = createPasswordHasher(testConfig().argon2);

  async function canSignIn(username: string, password: string): Promise<UserInfo> {
    const app = buildApp({ config: testConfig(), database: testDatabase.database });
    const signedIn = await login(app, { username, password });
    expect(signedIn.statusCode).toBe(200);
    const token = envelopeOf<{ token: string }>(signedIn).data.token;
    const info = await app.inject({ method: 'GET', url: '/api/v2/user/info', query: { token } });
    await app.close();
    return envelopeOf<UserInfo>(info).data;
  }

  it('creates root from ROOT_USERNAME and ROOT_PASSWORD in production', async () => {
    const config = testConfig({ DEMO: '0', ROOT_USERNAME: 'site_admin', ROOT_PASSWORD: 'Sup3r-Secret' });
    expect(await seed(db(), config, passwords)).toEqual({ createdRoot: { username: 'site_admin' }, demoAccountsInProduction: [] });
    const info = await canSignIn('site_admin', 'Sup3r-Secret');
    expect(info.roles).toEqual(['root']);
    expect(info.user.group_extra.ck).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.username, 'site_admin'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('generates a strong root password once when none is configured', async () => {
    const config = testConfig({ DEMO: '0' });
    const first = await seed(db(), config, passwords);
    expect(first.createdRoot?.username).toBe(DEFAULT_ROOT_USERNAME);
    const generated = first.createdRoot?.generatedPassword ?? '';
    expect(generated).toMatch(/^[\w-]{20}$/);
    await canSignIn(DEFAULT_ROOT_USERNAME, generated);
    expect(await seed(db(), config, passwords)).toEqual({ demoAccountsInProduction: [] });
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it('seeds the demo idempotently: two CK codes and one account per role', async () => {
    const config = testConfig({ DEMO: '1' });
    await seed(db(), config, passwords);
    await seed(db(), config, passwords);
    expect((await db().select().from(ckCodes)).map((ck) => [ck.code, ck.name, ck.timeZone])).toEqual([
      ['1001', 'Demo Factory', 'Asia/Shanghai'],
      ['2002', 'Second Company', 'Asia/Shanghai'],
    ]);
    const rows = await db().select().from(users);
    expect(rows.map((row) => row.username).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.username).sort());
    const byName = new Map(rows.map((row) => [row.username, row]));
    expect(byName.get('demo_root')).toMatchObject({ roles: ['root'], ck: null });
    expect(byName.get('demo_maker')).toMatchObject({ roles: ['manufacturer'], ck: '1001', showFeedback: true });
    expect(byName.get('demo_manager')).toMatchObject({ roles: ['manager'], level: 1, isManager: true, showDelBox: true });
    expect(byName.get('demo_helper')).toMatchObject({ roles: ['helper'], parentId: byName.get('demo_manager')?.id });
    expect(byName.get('demo_service_plus')).toMatchObject({ roles: ['afterSalesPlus'], ck: '1001' });
    await canSignIn('demo_service_plus', DEMO_PASSWORD);
  });

  it('creates no root over existing users, and names demo accounts left in a production database', async () => {
    await seed(db(), testConfig({ DEMO: '1' }), passwords);
    const outcome = await seed(db(), testConfig({ DEMO: '0' }), passwords);
    expect(outcome.createdRoot).toBeUndefined();
    expect(outcome.demoAccountsInProduction.sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.username).sort());
  });
});
