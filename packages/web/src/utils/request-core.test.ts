import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyResponse, createRequester, RequestError, type RequestEnvironment } from './request-core';

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

function setup(fetchImpl: RequestEnvironment['fetch'], overrides: Partial<RequestEnvironment> = {}) {
  const fetchMock = vi.fn(fetchImpl);
  const env = {
    fetch: fetchMock,
    baseUrl: '/api/v2',
    timeoutMs: 300_000,
    getToken: () => 'tok',
    showWarning: vi.fn(),
    showError: vi.fn(),
    confirmLoggedOut: vi.fn(() => new Promise<void>(() => undefined)),
    logFailure: vi.fn(),
    text: (key: string, params?: Record<string, string | number>) => (params ? `${key}:${JSON.stringify(params)}` : key),
    ...overrides,
  } satisfies RequestEnvironment;
  return { env, fetchMock, ...createRequester(env) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('classifyResponse', () => {
  it('maps the codes of SPEC.md section 8', () => {
    expect(classifyResponse(200, 'OK', { code: 20000, message: '', data: 1 })).toEqual({ kind: 'body', body: { code: 20000, message: '', data: 1 } });
    expect(classifyResponse(200, 'OK', { code: 20004, message: 'careful', data: null }).kind).toBe('warning');
    expect(classifyResponse(400, 'Bad Request', { code: 40111, message: 'bad', data: null })).toEqual({ kind: 'rejected', message: 'bad' });
    for (const code of [50008, 50012, 50014]) expect(classifyResponse(401, '', { code, message: 'x', data: null }).kind).toBe('loggedOut');
    expect(classifyResponse(401, 'Unauthorized', undefined).kind).toBe('loggedOut');
    expect(classifyResponse(200, 'Unauthorized', { code: 20000, message: '', data: 1 }).kind).toBe('loggedOut');
    expect(classifyResponse(200, 'OK', { code: 1000, message: '', data: 3 }).kind).toBe('body');
    expect(classifyResponse(502, 'Bad Gateway', undefined)).toEqual({ kind: 'failed', status: 502, message: 'Bad Gateway' });
  });
});

describe('createRequester', () => {
  it('resolves data on 20000 and sends the token', async () => {
    const { fetchMock, request } = setup(async () => jsonResponse({ code: 20000, message: 'ok', data: { a: 1 } }));
    await expect(request('/user/info', { params: { token: 'tok', empty: undefined } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v2/user/info?token=tok');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init?.headers as Record<string, string>)['X-Token']).toBe('tok');
  });

  it('returns the body of any other code to the caller', async () => {
    const { fetchEnvelope, request } = setup(async () => jsonResponse({ code: 1000, message: '', data: { total: 4 } }));
    await expect(fetchEnvelope('/iot_card/get_expired_list')).resolves.toEqual({ code: 1000, message: '', data: { total: 4 } });
    await expect(request('/iot_card/get_expired_list')).rejects.toMatchObject({ kind: 'unexpectedCode', body: { code: 1000 } });
  });

  it('shows a warning box on 20004 and rejects', async () => {
    const { env, request } = setup(async () => jsonResponse({ code: 20004, message: 'Device is offline', data: null }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'warning', message: 'Device is offline' });
    expect(env.showWarning).toHaveBeenCalledWith('Device is offline');
  });

  it('shows the message on 40111 and rejects with it', async () => {
    const { env, request } = setup(async () => jsonResponse({ code: 40111, message: '用户名或密码错误。', data: null }, 400, 'Bad Request'));
    await expect(request('/user/login', { method: 'POST', data: {} })).rejects.toMatchObject({ kind: 'rejected', message: '用户名或密码错误。' });
    expect(env.showError).toHaveBeenCalledWith('用户名或密码错误。');
    expect(env.logFailure).not.toHaveBeenCalled();
  });

  it('keeps the body of a 40111, so that a form can show its field errors beside the fields', async () => {
    const errors = [{ field: 'end_id', message: 'A range holds at most 1000 box IDs' }];
    const { request } = setup(async () => jsonResponse({ code: 40111, message: errors[0]!.message, data: { errors } }, 400, 'Bad Request'));
    await expect(request('/box-registry/assign', { method: 'POST', data: {} })).rejects.toMatchObject({ kind: 'rejected', body: { data: { errors } } });
  });

  it('opens the logged-out dialog once for several concurrent failures', async () => {
    let closeDialog = () => undefined as void;
    const confirmLoggedOut = vi.fn(() => new Promise<void>((resolve) => (closeDialog = resolve)));
    const { request } = setup(async () => jsonResponse({ code: 50014, message: 'expired', data: null }, 401, 'Unauthorized'), { confirmLoggedOut });
    const calls = await Promise.allSettled([request('/a'), request('/b'), request('/c')]);
    expect(calls.every((call) => call.status === 'rejected')).toBe(true);
    expect(confirmLoggedOut).toHaveBeenCalledTimes(1);

    closeDialog();
    await Promise.resolve();
    await Promise.resolve();
    await expect(request('/d')).rejects.toBeInstanceOf(RequestError);
    expect(confirmLoggedOut).toHaveBeenCalledTimes(2);
  });

  it('opens the dialog for HTTP 401 without an envelope', async () => {
    const { env, request } = setup(async () => new Response('nope', { status: 401, statusText: 'Unauthorized' }));
    await expect(request('/a')).rejects.toMatchObject({ kind: 'loggedOut' });
    expect(env.confirmLoggedOut).toHaveBeenCalledTimes(1);
  });

  it('leaves a logged-out answer to the session check to its caller', async () => {
    const { env, request } = setup(async () => jsonResponse({ code: 50008, message: 'invalid', data: null }, 401, 'Unauthorized'));
    await expect(request('/user/info', { sessionCheck: true })).rejects.toMatchObject({ kind: 'loggedOut', message: 'invalid' });
    expect(env.confirmLoggedOut).not.toHaveBeenCalled();
  });

  it('logs and rejects other HTTP errors', async () => {
    const { env, request } = setup(async () => new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    await expect(request('/a')).rejects.toMatchObject({ kind: 'failed', status: 500 });
    expect(env.logFailure).toHaveBeenCalledWith(expect.any(RequestError), 'GET /a');
    expect(env.showError).toHaveBeenCalledWith('Internal Server Error');
  });

  it('stays quiet for silent calls', async () => {
    const { env, fetchEnvelope } = setup(async () => jsonResponse({ code: 40111, message: 'Not found.', data: null }, 404, 'Not Found'));
    await expect(fetchEnvelope('/iot_card/get_feedback_num', { silent: true })).rejects.toMatchObject({ kind: 'rejected' });
    expect(env.showError).not.toHaveBeenCalled();
    expect(env.logFailure).not.toHaveBeenCalled();
  });

  it('aborts after the timeout, logs and rejects', async () => {
    vi.useFakeTimers();
    const hanging: RequestEnvironment['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { env, request } = setup(hanging);
    const call = request('/slow');
    const settled = expect(call).rejects.toMatchObject({ kind: 'timeout', message: 'timeout' });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(env.logFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(env.logFailure).toHaveBeenCalledTimes(1);
    expect(env.showError).toHaveBeenCalledWith('timeout');
  });

  it('reports a network failure', async () => {
    const { request } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/a')).rejects.toMatchObject({ kind: 'network' });
  });

  it('serves a screen’s request from its read ahead, once, and sends it again after that', async () => {
    const { fetchMock, request, readAhead } = setup(async () => jsonResponse({ code: 20000, message: 'ok', data: { total: 3 } }));
    readAhead(() => void request('/devices', { params: { page: 1 } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(request('/devices', { params: { page: 1 } })).resolves.toEqual({ total: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await request('/devices', { params: { page: 2 } });
    await request('/devices', { params: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads ahead quietly; a read ahead that failed is sent again by the screen’s request, which reports', async () => {
    const replies = [
      new Response('oops', { status: 500, statusText: 'Internal Server Error' }),
      jsonResponse({ code: 50008, message: 'invalid', data: null }, 401),
    ];
    const { env, fetchMock, request, readAhead } = setup(async () => replies.shift() ?? new Response('down', { status: 503, statusText: 'Unavailable' }));
    readAhead(() => {
      void request('/devices/1');
      void request('/user/info');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(env.showError).not.toHaveBeenCalled();
    expect(env.confirmLoggedOut).not.toHaveBeenCalled();

    await expect(request('/devices/1')).rejects.toMatchObject({ kind: 'failed', status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(env.showError).toHaveBeenCalledWith('Unavailable');
  });

  it('hands a read ahead that has arrived to a query as its data, once, and to nothing before it arrives', async () => {
    const { fetchMock, request, readAhead, arrivedAhead } = setup(async () => jsonResponse({ code: 20000, message: 'ok', data: { total: 3 } }));
    readAhead(() => void request('/devices', { params: { page: 1 } }));
    expect(arrivedAhead('/devices', { page: 1 })).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(arrivedAhead('/devices', { page: 2 })).toBeUndefined();
    expect(arrivedAhead('/devices', { page: 1 })).toMatchObject({ data: { total: 3 }, at: expect.any(Number) });
    expect(arrivedAhead('/devices', { page: 1 })).toBeUndefined();
    // Taken over: the next request of the call asks the server.
    await request('/devices', { params: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves writes alone while reading ahead', async () => {
    const { fetchMock, request, readAhead } = setup(async () => jsonResponse({ code: 20000, message: 'ok', data: null }));
    readAhead(() => void request('/devices/1/write', { method: 'POST', data: {} }));
    await request('/devices/1/write', { method: 'POST', data: {} });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
