import { Code, DEMO_PASSWORD } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, login, signIn, startTestApp, type TestApp } from '../../test/helpers.js';
import { hashToken } from '../auth/sessions.js';

describe.each(DATABASE_KINDS)('user calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.dispose());

  const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: { ...bearer(token), ...EN } });
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v2/user/${url}`, headers: { ...bearer(token), ...EN }, payload });

  /** A fresh account for a test that changes passwords, so tests do not depend on each other. */
  async function createUser(username: string, values: Partial<typeof users.$inferInsert> = {}) {
    await t.database.db.insert(users).values({ username, passwordHash: await t.passwords.hash(DEMO_PASSWORD), roles: ['end_user'], ck: '1001', ...values });
  }

  describe('POST /user/changepassword', () => {
    it('changes the password and ends the other sessions (50012) but keeps the current one', async () => {
      await createUser('changer_one');
      const current = await signIn(t.app, 'changer_one', DEMO_PASSWORD);
      const other = await signIn(t.app, 'changer_one', DEMO_PASSWORD);
      const response = await post('changepassword', current, { old_password: DEMO_PASSWORD, new_password: 'brand-new-pw1' });
      expect(response.statusCode).toBe(200);
      expect(envelopeOf(response)).toEqual({ code: Code.SUCCESS, message: 'Password changed. Please sign in again on your other devices.', data: null });

      expect((await info(current)).statusCode).toBe(200);
      const ended = await info(other);
      expect(ended.statusCode).toBe(401);
      expect(envelopeOf(ended).code).toBe(Code.SESSION_ENDED_ELSEWHERE);
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(other)));
      expect(row?.revokedReason).toBe('password_change');

      expect((await login(t.app, { username: 'changer_one', password: DEMO_PASSWORD })).statusCode).toBe(400);
      expect((await login(t.app, { username: 'changer_one', password: 'brand-new-pw1' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      await createUser('changer_two');
      const token = await signIn(t.app, 'changer_two', DEMO_PASSWORD);
      const other = await signIn(t.app, 'changer_two', DEMO_PASSWORD);
      const response = await post('changepassword', token, { old_password: 'not-my-password', new_password: 'brand-new-pw2' });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'The current password is incorrect.', data: null });
      expect((await info(other)).statusCode).toBe(200);
      expect((await login(t.app, { username: 'changer_two', password: DEMO_PASSWORD })).statusCode).toBe(200);
    });

    it('requires a new password that differs and follows the rules', async () => {
      const token = await signIn(t.app, 'demo_user', DEMO_PASSWORD);
      const same = await post('changepassword', token, { old_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD });
      expect(same.statusCode).toBe(400);
      expect(envelopeOf(same).message).toBe('The new password must differ from the current one.');

      const invalid = await post('changepassword', token, { new_password: '密 码' });
      expect(invalid.statusCode).toBe(400);
      expect(envelopeOf(invalid).message).toBe(
        'Please enter your current password.; Password must be a 6-20 digit number or character!; Password cannot contain Chinese characters or spaces!',
      );
      const empty = await post('changepassword', token, { old_password: '', new_password: '' });
      expect(envelopeOf(empty).message).toBe('Please enter your current password.; Password cannot be empty!');
    });

    it('needs a session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/changepassword',
        payload: { old_password: DEMO_PASSWORD, new_password: 'whatever-new' },
      });
      expect(response.statusCode).toBe(401);
      expect(envelopeOf(response).code).toBe(Code.TOKEN_INVALID);
    });
  });

  describe('GET /user/check_is_ck_factory', () => {
    it.each([
      ['demo_maker', true],
      ['demo_root', false],
      ['demo_manager', false],
      ['demo_user', false],
    ])('answers %s → %s', async (username, expected) => {
      const token = await signIn(t.app, username, DEMO_PASSWORD);
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/user/check_is_ck_factory', headers: bearer(token) });
      expect(envelopeOf(response)).toMatchObject({ code: Code.SUCCESS, data: expected });
    });
  });
});
