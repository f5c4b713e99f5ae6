import { Code, DEMO_PASSWORD, TOKEN_COOKIE, type LoginResult, type UserInfo } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, login, randomIp, signIn, startTestApp, type TestApp } from '../../test/helpers.js';
import { hashToken } from './sessions.js';

describe.each(DATABASE_KINDS)('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.dispose());

  const info = (options: { headers?: Record<string, string>; cookies?: Record<string, string>; query?: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: '/api/v2/user/info', ...options });

  describe('POST /user/login', () => {
    it('answers a token, sets the Admin-Token cookie and trims the user name and password', async () => {
      const response = await login(t.app, { username: '  demo_root ', password: ` ${DEMO_PASSWORD} ` }, { headers: EN });
      expect(response.statusCode).toBe(200);
      const body = envelopeOf<LoginResult>(response);
      expect(body.code).toBe(Code.SUCCESS);
      expect(body.message).toBe('Success');
      expect(body.data.token).toMatch(/^[\w-]{43}$/);
      expect(Date.parse(body.data.expires_at)).toBeGreaterThan(Date.now() + 24 * 3_600_000);
      const cookie = response.cookies.find((c) => c.name === TOKEN_COOKIE);
      expect(cookie).toMatchObject({ value: body.data.token, path: '/', sameSite: 'Lax' });
      expect(cookie?.httpOnly).toBeFalsy();
    });

    it('stores only the hash of the token, with the client address and agent', async () => {
      const response = await login(t.app, { username: 'demo_user', password: DEMO_PASSWORD }, { ip: '10.9.8.7', headers: { 'user-agent': 'vitest' } });
      const { token } = envelopeOf<LoginResult>(response).data;
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(row).toMatchObject({ ip: '10.9.8.7', userAgent: 'vitest', revokedAt: null });
      const all = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(all.some((s) => s.tokenHash === token)).toBe(false);
    });

    it.each([
      [{ username: '', password: DEMO_PASSWORD }, ['User name cannot be empty!']],
      [{ password: DEMO_PASSWORD }, ['User name cannot be empty!']],
      [{ username: 'abc', password: DEMO_PASSWORD }, ['6-20 digit number or character or @#%^&*_-+ required!']],
      [
        { username: 'demo root', password: DEMO_PASSWORD },
        ['6-20 digit number or character or @#%^&*_-+ required!', 'User name cannot contain Chinese characters or spaces!'],
      ],
      [
        { username: '演示用户名字', password: DEMO_PASSWORD },
        ['6-20 digit number or character or @#%^&*_-+ required!', 'User name cannot contain Chinese characters or spaces!'],
      ],
      [{ username: 'demo_root', password: '' }, ['Password cannot be empty!']],
      [{ username: 'demo_root' }, ['Password cannot be empty!']],
      [{ username: 'demo_root', password: '12345' }, ['Password must be a 6-20 digit number or character!']],
      [{ username: 'demo_root', password: 'x'.repeat(21) }, ['Password must be a 6-20 digit number or character!']],
      [{ username: 'demo_root', password: 'demo 123456' }, ['Password cannot contain Chinese characters or spaces!']],
      [{ username: 'demo_root', password: 123456 }, ['password is not valid.']],
    ])('rejects %j with the spec messages', async (body, messages) => {
      const response = await login(t.app, body, { headers: EN });
      expect(response.statusCode).toBe(400);
      const answer = envelopeOf<{ errors: { field: string; message: string }[] }>(response);
      expect(answer.code).toBe(Code.REJECTED);
      expect(answer.message).toBe(messages.join('; '));
      expect(answer.data.errors.map((e) => e.message)).toEqual(messages);
    });

    it('reports every violation of both fields at once', async () => {
      const response = await login(t.app, { username: '用户', password: '密 码' }, { headers: EN });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).data).toEqual({
        errors: [
          { field: 'username', message: '6-20 digit number or character or @#%^&*_-+ required!' },
          { field: 'username', message: 'User name cannot contain Chinese characters or spaces!' },
          { field: 'password', message: 'Password must be a 6-20 digit number or character!' },
          { field: 'password', message: 'Password cannot contain Chinese characters or spaces!' },
        ],
      });
    });

    it('answers in Chinese by default, by the language cookie and by Accept-Language', async () => {
      const zh = '用户名不能为空!; 密码不能为空!';
      const body = { username: '', password: '' };
      expect(envelopeOf(await login(t.app, body)).message).toBe(zh);
      expect(envelopeOf(await login(t.app, body, { cookies: { language: 'zh' }, headers: EN })).message).toBe(zh);
      expect(envelopeOf(await login(t.app, body, { headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } })).message).toBe(zh);
      expect(envelopeOf(await login(t.app, body, { headers: { 'accept-language': 'fr-FR, ja;q=0.5' } })).message).toBe(
        'ユーザー名を入力してください!; パスワードを入力してください!',
      );
      expect(envelopeOf(await login(t.app, body, { cookies: { language: 'es' } })).message).toBe(
        '¡El nombre de usuario no puede estar vacío!; ¡La contraseña no puede estar vacía!',
      );
    });

    it('ignores unknown fields', async () => {
      const response = await login(t.app, { username: 'demo_root', password: DEMO_PASSWORD, remember: true, roles: ['admin'] });
      expect(response.statusCode).toBe(200);
    });

    it('gives an unknown user and a wrong password the same answer', async () => {
      const unknown = await login(t.app, { username: 'nobody_here', password: DEMO_PASSWORD }, { headers: EN });
      const wrong = await login(t.app, { username: 'demo_root', password: 'wrong-password' }, { headers: EN });
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(400);
        expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'Incorrect user name or password.', data: null });
        expect(response.cookies.find((c) => c.name === TOKEN_COOKIE)).toBeUndefined();
      }
      expect(envelopeOf(await login(t.app, { username: 'nobody_here', password: DEMO_PASSWORD })).message).toBe('用户名或密码错误。');
    });

    it('locks an account name after 10 failures in 15 minutes, even for the right password, from any address', async () => {
      for (let attempt = 1; attempt <= 10; attempt++) {
        const response = await login(t.app, { username: 'demo_region', password: 'wrong-password' });
        expect(response.statusCode).toBe(400);
      }
      const locked = await login(t.app, { username: 'demo_region', password: DEMO_PASSWORD }, { headers: EN });
      expect(locked.statusCode).toBe(429);
      const answer = envelopeOf(locked);
      expect(answer.code).toBe(Code.REJECTED);
      const seconds = Number(/try again in (\d+) seconds/.exec(answer.message)?.[1]);
      expect(seconds).toBeGreaterThan(14 * 60);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      expect(locked.headers['retry-after']).toBe(String(seconds));
      expect(envelopeOf(await login(t.app, { username: 'demo_region', password: DEMO_PASSWORD })).message).toMatch(/^登录尝试次数过多，请在\d+秒后重试。$/);
      expect((await login(t.app, { username: 'demo_district', password: DEMO_PASSWORD })).statusCode).toBe(200);
    });

    it('clears the failures of an account when it signs in', async () => {
      for (let attempt = 1; attempt <= 9; attempt++) await login(t.app, { username: 'demo_service', password: 'wrong-password' });
      expect((await login(t.app, { username: 'demo_service', password: DEMO_PASSWORD })).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 9; attempt++) await login(t.app, { username: 'demo_service', password: 'wrong-password' });
      expect((await login(t.app, { username: 'demo_service', password: DEMO_PASSWORD })).statusCode).toBe(200);
    });

    it('allows 30 attempts a minute from one address', async () => {
      const ip = randomIp();
      for (let attempt = 1; attempt <= 30; attempt++) {
        const response = await login(t.app, { username: `someone_${attempt}`, password: DEMO_PASSWORD }, { ip });
        expect(response.statusCode).toBe(400);
      }
      const limited = await login(t.app, { username: 'demo_qc', password: DEMO_PASSWORD }, { ip, headers: EN });
      expect(limited.statusCode).toBe(429);
      expect(envelopeOf(limited).message).toMatch(/^Too many sign-in attempts\. Please try again in ([1-9]|[1-5]\d|60) seconds\.$/);
      expect((await login(t.app, { username: 'demo_qc', password: DEMO_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('GET /user/info', () => {
    it('answers the roles with flags and the profile, with the token in the query, a header or the cookie', async () => {
      const token = await signIn(t.app, 'demo_manager', DEMO_PASSWORD);
      for (const request of [{ query: { token } }, { headers: bearer(token) }, { headers: { 'x-token': token } }, { cookies: { [TOKEN_COOKIE]: token } }]) {
        const response = await info(request);
        expect(response.statusCode).toBe(200);
        const { data } = envelopeOf<UserInfo>(response);
        expect(data).toMatchObject({
          roles: ['manager', 'showDelBox'],
          name: 'demo_manager',
          level: 1,
          user: {
            username: 'demo_manager',
            group_extra: { ck: '1001' },
            is_manager: true,
            level: 1,
            parent_id: null,
            roles: ['manager'],
            show_feedback: false,
            show_del_box: true,
          },
        });
        expect(Date.parse(data.user.registered_at)).toBeLessThanOrEqual(Date.now());
      }
    });

    it("shows a helper's manager and root's missing CK", async () => {
      const manager = envelopeOf<UserInfo>(await info({ headers: bearer(await signIn(t.app, 'demo_manager', DEMO_PASSWORD)) })).data;
      const helper = envelopeOf<UserInfo>(await info({ headers: bearer(await signIn(t.app, 'demo_helper', DEMO_PASSWORD)) })).data;
      expect(helper.user.parent_id).toBe(manager.user.id);
      const root = envelopeOf<UserInfo>(await info({ headers: bearer(await signIn(t.app, 'demo_root', DEMO_PASSWORD)) })).data;
      expect(root.roles).toEqual(['root']);
      expect(root.user.group_extra.ck).toBeNull();
    });

    it('answers 401 with 50008 without a token or with an unknown one', async () => {
      for (const request of [{}, { headers: bearer('garbage') }, { query: { token: '' } }, { cookies: { [TOKEN_COOKIE]: 'x'.repeat(43) } }]) {
        const response = await info({ ...request, headers: { ...EN, ...('headers' in request ? request.headers : {}) } });
        expect(response.statusCode).toBe(401);
        expect(envelopeOf(response)).toEqual({ code: Code.TOKEN_INVALID, message: 'Your session is not valid. Please sign in again.', data: null });
      }
    });

    it('answers 50014 once the session has expired', async () => {
      const token = await signIn(t.app, 'demo_limited', DEMO_PASSWORD);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const response = await info({ headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(envelopeOf(response).code).toBe(Code.TOKEN_EXPIRED);
    });

    it('notes when a session was last used, at most once a minute', async () => {
      const token = await signIn(t.app, 'demo_market', DEMO_PASSWORD);
      const lastSeen = async () =>
        (
          await t.database.db
            .select({ at: sessions.lastSeenAt })
            .from(sessions)
            .where(eq(sessions.tokenHash, hashToken(token)))
        )[0]?.at;
      const longAgo = new Date(Date.now() - 5 * 60_000);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: longAgo })
        .where(eq(sessions.tokenHash, hashToken(token)));
      await info({ headers: bearer(token) });
      const first = await lastSeen();
      expect(first!.getTime()).toBeGreaterThan(longAgo.getTime());
      await info({ headers: bearer(token) });
      expect((await lastSeen())!.getTime()).toBe(first!.getTime());
    });
  });

  describe('GET /user/logout', () => {
    it('ends the session (then 50012) and clears the cookie', async () => {
      const token = await signIn(t.app, 'demo_qc', DEMO_PASSWORD);
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: { ...bearer(token), ...EN } });
      expect(response.statusCode).toBe(200);
      expect(envelopeOf(response)).toEqual({ code: Code.SUCCESS, message: 'Signed out.', data: null });
      const cleared = response.cookies.find((c) => c.name === TOKEN_COOKIE);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

      const after = await info({ headers: { ...bearer(token), ...EN } });
      expect(after.statusCode).toBe(401);
      expect(envelopeOf(after)).toMatchObject({ code: Code.SESSION_ENDED_ELSEWHERE, message: expect.stringContaining('ended elsewhere') });
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(row?.revokedReason).toBe('logout');
    });

    it('succeeds without a session, so that signing out never shows the re-login dialog', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', cookies: { [TOKEN_COOKIE]: 'stale' } });
      expect(response.statusCode).toBe(200);
      expect(envelopeOf(response).code).toBe(Code.SUCCESS);
    });

    it('leaves the other sessions of the user alone', async () => {
      const first = await signIn(t.app, 'demo_district', DEMO_PASSWORD);
      const second = await signIn(t.app, 'demo_district', DEMO_PASSWORD);
      await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: bearer(first) });
      expect((await info({ headers: bearer(second) })).statusCode).toBe(200);
    });
  });
});
