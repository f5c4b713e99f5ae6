import { accessNames, canAccessPath, DEMO_ACCOUNTS } from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DATABASE_KINDS, signInDemo, startTestApp, type TestApp } from '../test/helpers.js';

/**
 * The administration calls of issue 12 (companies, accounts, box registration and the /smartbox
 * screens) against every demo account: a call answers whoever may open its screen (the route
 * table of SPEC.md section 6, read by `canAccessPath`) and refuses everyone else with 403. The
 * screen each call belongs to is written here by hand, so that a call guarded by the wrong screen
 * fails. What each may do within its reach (its own CK, the box's owner) is in the modules' tests.
 */
const BOX = '93000001';

const CALLS: [url: string, screen: string][] = [
  ['/companies', '/device-type/CK-config'],
  ['/companies/1001/device-types', '/device-type/CK-config'],
  ['/accounts/companies', '/usermanager/ck-users'],
  ['/accounts?ck=1001', '/usermanager/ck-users'],
  ['/box-registry/boxes?ck=1001', '/box-reg-info/list'],
  ['/box-registry/template', '/smartbox/upload'],
  ['/box-registry/assign-targets?ck=1001', '/smartbox/box-assign'],
  ['/box-properties', '/smartbox/device-property'],
  ['/box-properties/ck-moves', '/smartbox/box-ck'],
  ['/box-properties/abandoned', '/smartbox/box-delete'],
  [`/box-properties/${BOX}/faults?from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z`, '/smartbox/box-clear-fault-record'],
  ['/box-server-configs', '/smartbox/ip-config'],
  ['/box-connection-logs', '/smartbox/ip-log'],
  ['/box-software', '/smartbox/box-software'],
  ['/box-software/targets', '/smartbox/box-software'],
  ['/box-models', '/smartbox/box-software'],
  ['/box-usage', '/smartbox/box-dws'],
];

describe.each(DATABASE_KINDS)('the administration calls by screen on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = await signInDemo(
      t.app,
      DEMO_ACCOUNTS.map((account) => account.username),
    );
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v2/boxes',
      headers: bearer(tokens.demo_root!),
      payload: { id: BOX, ck: '1001', controllers: [{ station: 1, device_type: 'maglev_blower' }] },
    });
    expect(register.statusCode).toBe(200);
  });
  afterAll(() => t.dispose());

  it.each(DEMO_ACCOUNTS.map((account) => [account.username, account] as const))('%s is answered exactly where its screens are', async (username, account) => {
    const names = accessNames([account.role], { showFeedback: account.showFeedback ?? false, showDelBox: account.showDelBox ?? false });
    const answered = await Promise.all(
      CALLS.map(async ([url]) => ({
        url,
        status: (await t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: bearer(tokens[username]!) })).statusCode,
      })),
    );
    expect(answered).toEqual(CALLS.map(([url, screen]) => ({ url, status: canAccessPath(names, screen) ? 200 : 403 })));
  });

  it('leaves no call unanswered for root and some call answered for fewer than every account', () => {
    const everyone = DEMO_ACCOUNTS.map((account) => accessNames([account.role], { showFeedback: false, showDelBox: false }));
    for (const [, screen] of CALLS) {
      expect(canAccessPath(['root'], screen), screen).toBe(true);
      expect(
        everyone.every((names) => canAccessPath(names, screen)),
        screen,
      ).toBe(false);
    }
  });
});
