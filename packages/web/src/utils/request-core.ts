import { Code, LOGGED_OUT_CODES, type Envelope } from '@cloudbox/domain';

/**
 * The response-code handling of SPEC.md section 8, free of browser and UI dependencies so it can
 * be tested on its own; `request.ts` wires it to fetch, antd feedback, i18n and the error log.
 */
export type ResponseOutcome =
  /** 20000, or any code the caller handles itself: the body goes to the caller. */
  | { kind: 'body'; body: Envelope }
  /** 20004: a warning box with the server's message; the call rejects. */
  | { kind: 'warning'; message: string }
  /** 40111: an error message; the call rejects. */
  | { kind: 'rejected'; message: string }
  /** 50008/50012/50014 or HTTP 401: the logged-out dialog. */
  | { kind: 'loggedOut'; message: string }
  /** Any other HTTP error, or a body that is not an envelope. */
  | { kind: 'failed'; status: number; message: string };

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

export function classifyResponse(status: number, statusText: string, body: unknown): ResponseOutcome {
  const envelope = isEnvelope(body) ? body : undefined;
  const message = envelope?.message ?? '';
  if (status === 401 || statusText === 'Unauthorized' || (envelope && LOGGED_OUT_CODES.includes(envelope.code))) {
    return { kind: 'loggedOut', message };
  }
  // The server answers bad input, forbidden, not found and rate limits with an HTTP error status
  // *and* code 40111: the code decides, so the user sees the server's localized message.
  if (envelope?.code === Code.WARNING) return { kind: 'warning', message };
  if (envelope?.code === Code.REJECTED) return { kind: 'rejected', message };
  if (status < 200 || status >= 300 || !envelope) return { kind: 'failed', status, message: message || statusText };
  return { kind: 'body', body: envelope };
}

export type RequestErrorKind = ResponseOutcome['kind'] | 'timeout' | 'network' | 'unexpectedCode';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: Envelope,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Readonly<Record<string, QueryValue>>;
  data?: unknown;
  /**
   * For calls whose failure the caller absorbs (e.g. header counts of features the server may
   * not serve yet): no message, warning box or log. The logged-out dialog still opens.
   */
  silent?: boolean;
  /**
   * The call that checks the session itself (the guard's user info): a logged-out answer is the
   * caller's to handle, so no "stay on this page" dialog over the login page it goes to.
   */
  sessionCheck?: boolean;
}

export interface RequestEnvironment {
  fetch: typeof fetch;
  baseUrl: string;
  timeoutMs: number;
  getToken(): string | undefined;
  showWarning(message: string): void;
  showError(message: string): void;
  /** Opens the logged-out dialog; settles when it closes. */
  confirmLoggedOut(): Promise<void>;
  logFailure(error: RequestError, info: string): void;
  text(key: 'timeout' | 'networkError' | 'httpError', params?: Record<string, string | number>): string;
}

/** How long a reply read ahead waits for the screen's own request of it. */
export const READ_AHEAD_TTL_MS = 5_000;

/** A reply read ahead that has arrived: its data and when. */
export interface Arrived<T> {
  data: T;
  at: number;
}

/** A read ahead: its reply, when it was sent, and its data once in. */
interface Ahead {
  reply: Promise<unknown>;
  at: number;
  arrived?: Arrived<unknown>;
}

export function buildUrl(baseUrl: string, path: string, params: Readonly<Record<string, QueryValue>> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

export function createRequester(env: RequestEnvironment) {
  // However many calls fail with a logged-out code at once, the user sees one dialog.
  let loggedOutDialog: Promise<void> | undefined;
  function openLoggedOutDialog(): void {
    loggedOutDialog ??= env.confirmLoggedOut().finally(() => {
      loggedOutDialog = undefined;
    });
  }

  function fail(error: RequestError, info: string, silent: boolean): RequestError {
    if (!silent) {
      env.logFailure(error, info);
      env.showError(error.message);
    }
    return error;
  }

  /** Sends a call and applies the code handling; resolves the envelope for 20000 and every unhandled code. */
  async function fetchEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const { method = 'GET', params, data, silent = false, sessionCheck = false } = options;
    const info = `${method} ${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (data !== undefined) headers['Content-Type'] = 'application/json';
    const token = env.getToken();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      headers['X-Token'] = token;
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), env.timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await env.fetch(buildUrl(env.baseUrl, path, params), {
        method,
        headers,
        body: data === undefined ? undefined : JSON.stringify(data),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      body = await response.json().catch(() => undefined);
    } catch {
      const error = controller.signal.aborted ? new RequestError('timeout', env.text('timeout')) : new RequestError('network', env.text('networkError'));
      throw fail(error, info, silent);
    } finally {
      clearTimeout(timer);
    }

    const outcome = classifyResponse(response.status, response.statusText, body);
    switch (outcome.kind) {
      case 'body':
        return outcome.body as Envelope<T>;
      case 'warning':
        if (!silent) env.showWarning(outcome.message);
        throw new RequestError('warning', outcome.message, response.status);
      case 'rejected':
        if (!silent) env.showError(outcome.message);
        // The body goes along: a form puts its `data.errors` beside the fields they name.
        throw new RequestError('rejected', outcome.message, response.status, body as Envelope);
      case 'loggedOut':
        if (!sessionCheck) openLoggedOutDialog();
        throw new RequestError('loggedOut', outcome.message, response.status);
      case 'failed':
        throw fail(new RequestError('failed', outcome.message || env.text('httpError', { status: outcome.status }), outcome.status), info, silent);
    }
  }

  async function send<T>(path: string, options?: RequestOptions): Promise<T> {
    const envelope = await fetchEnvelope<T>(path, options);
    if (envelope.code === Code.SUCCESS) return envelope.data;
    throw new RequestError('unexpectedCode', envelope.message, undefined, envelope);
  }

  /** Reads sent ahead (`readAhead`), by URL, each for the first `request` of the same call; `arrived` once its data is in. */
  const ahead = new Map<string, Ahead>();
  let readingAhead = false;

  /** For calls that only succeed with 20000: resolves `data`; any other unhandled code rejects with the body. */
  function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if ((options.method ?? 'GET') !== 'GET') return send(path, options);
    const url = buildUrl('', path, options.params);
    if (readingAhead) {
      const reply = send<T>(path, { ...options, silent: true, sessionCheck: true });
      const early: Ahead = { reply, at: Date.now() };
      reply.then((data) => (early.arrived = { data, at: Date.now() })).catch(() => undefined);
      ahead.set(url, early);
      return reply;
    }
    const early = ahead.get(url);
    ahead.delete(url);
    if (!early || Date.now() - early.at > READ_AHEAD_TTL_MS) return send(path, options);
    return (early.reply as Promise<T>).catch(() => send<T>(path, options));
  }

  /**
   * Sends the GET calls `reads` makes (calls of the API modules) at once and quietly, and keeps
   * each reply for the first `request` of the same call within READ_AHEAD_TTL_MS: the guard reads
   * a screen's data while the user's info is read and the screen's chunk loads. A read ahead that
   * failed is sent again by that request, which reports its failure as any call does.
   */
  function readAhead(reads: () => void): void {
    readingAhead = true;
    try {
      reads();
    } finally {
      readingAhead = false;
    }
  }

  /**
   * The reply read ahead for the GET call of `path` and `params` if it has already arrived, taken
   * over as that call's `request` would take it (once, within READ_AHEAD_TTL_MS): a query's initial
   * data, so the screen's first render shows what was read for it instead of asking on mount.
   */
  function arrivedAhead<T>(path: string, params?: Readonly<Record<string, QueryValue>>): Arrived<T> | undefined {
    const url = buildUrl('', path, params);
    const early = ahead.get(url);
    if (!early?.arrived || Date.now() - early.at > READ_AHEAD_TTL_MS) return undefined;
    ahead.delete(url);
    return early.arrived as Arrived<T>;
  }

  return { fetchEnvelope, request, readAhead, arrivedAhead };
}
