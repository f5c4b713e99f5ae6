import { Code, DEMO_PASSWORD, type HealthReport, type PublicConfig } from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  bearer,
  DATABASE_KINDS,
  EN,
  envelopeOf,
  signIn,
  openTestDatabase,
  startTestApp,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../test/helpers.js';

describe.each(DATABASE_KINDS)('HTTP conventions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAIN_HOSTNAME: 'Console.Example.com', SYSTEM_NAME: 'Acme Cloud' } });
  });
  afterAll(() => t.dispose());

  const postLogin = (payload: string, contentType = 'application/json', headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: '/api/v2/user/login', payload, headers: { 'content-type': contentType, ...headers } });

  it('answers malformed JSON with 400, 40111 and a localized message', async () => {
    const response = await postLogin('{"username": "demo_root",');
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'The request body is not valid JSON.', data: null });
    expect(envelopeOf(await postLogin('{oops', 'application/json', {})).message).toBe('请求体不是有效的JSON。');
  });

  it('answers a body that is not an object, or empty, with 400', async () => {
    for (const payload of ['[]', '"text"', 'null', '']) {
      const response = await postLogin(payload);
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response)).toMatchObject({ code: Code.REJECTED, message: 'The request body must be a JSON object.' });
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await postLogin('username=demo_root', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(envelopeOf(response)).toMatchObject({ code: Code.REJECTED, message: 'This content type is not supported.' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await postLogin(JSON.stringify({ username: 'demo_root', password: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'The request is too large.', data: null });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/no-such-thing'],
      ['POST', '/api/v2/user/nope'],
      ['GET', '/api'],
      ['DELETE', '/somewhere'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: EN });
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response)).toEqual({ code: Code.REJECTED, message: 'Not found.', data: null });
    }
  });

  it('answers URLs the router cannot take apart with 400 or 404 in the caller’s language, and goes on', async () => {
    const longId = '1'.repeat(101);
    for (const [method, url, status] of [
      ['GET', '/api/v2/devices/%ZZ', 400],
      ['GET', '/api/v2/boxes/%', 400],
      ['GET', '/api/v2/devices/%c0%af/controllers/1/realtime', 400],
      ['GET', '/%ZZ', 400],
      ['PUT', `/api/v2/boxes/${longId}`, 404],
      ['DELETE', `/api/v2/permission-templates/${longId}`, 404],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: EN });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(envelopeOf(response).message).toBe(status === 400 ? 'The request could not be understood.' : 'Not found.');
      expect(response.headers['x-request-id']).toBeTruthy();
    }
    const localized = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/%', headers: { cookie: 'language=ja' } });
    expect(envelopeOf(localized).message).toBe('リクエストを理解できませんでした。');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(200);
  });

  it('refuses text PostgreSQL cannot store, and ids beyond their column, with the field’s message', async () => {
    const token = await signIn(t.app, 'demo_root', DEMO_PASSWORD);
    for (const url of [
      '/api/v2/devices?keyword=%00',
      '/api/v2/devices/status-counts?model=a%00b',
      '/api/v2/devices/export?keyword=%00',
      '/api/v2/faults?keyword=a%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...EN, ...bearer(token) } });
      expect(response.statusCode, url).toBe(400);
      expect(envelopeOf(response).message, url).toMatch(/contains characters that cannot be stored$/);
    }
    const box = await t.app.inject({
      method: 'POST',
      url: '/api/v2/boxes',
      headers: { ...EN, ...bearer(token) },
      payload: { id: '7800001', ck: '1001', remark: 'a\u0000b', controllers: [{ station: 1, device_type: 'maglev_blower' }] },
    });
    expect(envelopeOf(box).data).toEqual({ errors: [{ field: 'remark', message: 'remark contains characters that cannot be stored' }] });
    const remark = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user_register/add_helper',
      headers: { ...EN, ...bearer(token) },
      payload: { username: 'nul_helper', password: 'secret12', password_repeat: 'secret12', remark: 'a\u0000b' },
    });
    expect(envelopeOf(remark).data).toEqual({ errors: [{ field: 'remark', message: 'remark contains characters that cannot be stored' }] });
    const userId = await t.app.inject({ method: 'GET', url: `/api/v2/operation-logs?user_id=${'9'.repeat(60)}`, headers: { ...EN, ...bearer(token) } });
    expect(userId.statusCode).toBe(400);
    expect(envelopeOf(userId).message).toBe('user_id is not valid.');
  });

  it('echoes the caller’s x-request-id, or makes one up', async () => {
    const echoed = await t.app.inject({ method: 'GET', url: '/api/v2/health', headers: { 'x-request-id': 'trace-42.a:b' } });
    expect(echoed.headers['x-request-id']).toBe('trace-42.a:b');
    const made = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.app.inject({ method: 'GET', url: '/api/v2/health', headers: { 'x-request-id': 'bad id\u0007' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const onError = await t.app.inject({ method: 'GET', url: '/api/v2/missing', headers: { 'x-request-id': 'req-404' } });
    expect(onError.headers['x-request-id']).toBe('req-404');
  });

  it('reports health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(response.statusCode).toBe(200);
    const { code, data } = envelopeOf<HealthReport>(response);
    expect(code).toBe(Code.SUCCESS);
    expect(data).toMatchObject({ status: 'ok', database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(data.uptime_s).toBeGreaterThanOrEqual(0);
  });

  it('answers the public configuration without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/config/public' });
    expect(envelopeOf<PublicConfig>(response)).toMatchObject({
      code: Code.SUCCESS,
      data: { main_hostname: 'console.example.com', system_name: 'Acme Cloud', demo: true },
    });
  });

  it('serves the OpenAPI document generated from the domain schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/user/login',
        '/api/v2/user/info',
        '/api/v2/user/logout',
        '/api/v2/user/changepassword',
        '/api/v2/user/check_is_ck_factory',
        '/api/v2/user/resetCkUserPwd',
        '/api/v2/health',
        '/api/v2/config/public',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/v2/user/login']?.post?.requestBody)).toContain('username');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('failures', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openTestDatabase('pglite');
  });
  afterAll(() => testDatabase.dispose());

  it('answers an unexpected error with 500, the localized message and the request id, never a stack', async () => {
    const app = buildApp({ config: testConfig(), database: testDatabase.database });
    app.get('/api/v2/explode', async () => {
      throw new Error('secret internals at /srv/app.js:1');
    });
    const response = await app.inject({ method: 'GET', url: '/api/v2/explode', headers: { ...EN, 'x-request-id': 'boom-1' } });
    expect(response.statusCode).toBe(500);
    expect(envelopeOf(response)).toEqual({
      code: Code.REJECTED,
      message: 'The server could not complete the request. Please try again later.',
      data: { request_id: 'boom-1' },
    });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('reports 503 and database down when the database does not answer', async () => {
    const database = { ...testDatabase.database, ping: () => Promise.reject(new Error('down')) };
    const app = buildApp({ config: testConfig(), database });
    const response = await app.inject({ method: 'GET', url: '/api/v2/health', headers: EN });
    expect(response.statusCode).toBe(503);
    expect(envelopeOf<HealthReport>(response)).toMatchObject({
      code: Code.REJECTED,
      message: 'The service is temporarily unavailable.',
      data: { status: 'degraded', database: 'down' },
    });
    await app.close();
  });
});
