import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cloudbox/domain';
import fc from 'fast-check';
import type { Scale } from './hostile.js';
import { hostileRequests, type FuzzRequest, type OpenApiDocument, type World } from './requests.js';

/**
 * The HTTP fuzz run, the same in `npm test` (through `app.inject`) and in the long run against a
 * separate server process (`npm run fuzz`): fast-check draws hostile requests from the OpenAPI
 * document, each is sent as its identity, and every answer is held to the property below. A run is
 * reproducible from its seed; a single input from seed and index (`replay`).
 */

/** A request exactly as sent, its credential attached. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Why a request has no answer while the server is fine: the client would not write it (node's
 * HTTP client refuses some headers and URLs), or the server closed the connection first (a body
 * or header over its limits).
 */
export type Unanswered = 'not sent' | 'connection closed';

/** Sends one request; rejects only when the server is gone (its process exited, or it stopped answering). */
export type Send = (request: WireRequest) => Promise<Answer | Unanswered>;

/** One demo account per role: the identities every route is tried as (besides anonymous and bad tokens). */
export const ONE_ACCOUNT_PER_ROLE = DEMO_ACCOUNTS.filter((account, index) => DEMO_ACCOUNTS.findIndex((other) => other.role === account.role) === index).map(
  (account) => account.username,
);

const LOGIN = '/api/v2/user/login';
const LOGOUT = '/api/v2/user/logout';
const TOKEN_COOKIE = 'Admin-Token';

async function signIn(send: Send, username: string): Promise<string | undefined> {
  const answer = await send({
    method: 'POST',
    url: LOGIN,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ username, password: DEMO_PASSWORD })),
  });
  if (typeof answer === 'string' || answer.status !== 200) return undefined;
  return (JSON.parse(answer.body) as { data: { token: string } }).data.token;
}

/**
 * The session of each demo account, signed in once. Hostile input may end one (logout, a deleted
 * helper, a changed password): the account signs in again the next time it is drawn, and if it
 * cannot, its dead token goes on being sent, which is one more bad credential.
 */
export class Sessions {
  private readonly tokens = new Map<string, string>();
  private readonly ended = new Set<string>();
  private endedToken = 'never-issued';

  private constructor(private readonly send: Send) {}

  static async open(send: Send, usernames: readonly string[]): Promise<Sessions> {
    const sessions = new Sessions(send);
    for (const username of usernames) {
      const token = await signIn(send, username);
      if (!token) throw new Error(`${username} cannot sign in`);
      sessions.tokens.set(username, token);
    }
    const leaving = await signIn(send, usernames[0]!);
    if (!leaving) throw new Error('cannot sign in for a logged-out token');
    await send({ method: 'GET', url: LOGOUT, headers: { authorization: `Bearer ${leaving}` } });
    sessions.endedToken = leaving;
    return sessions;
  }

  tokenOf(username: string): string {
    return this.tokens.get(username) ?? this.endedToken;
  }

  /** The request on the wire: its identity's credential where its transport puts it. */
  async wire(request: FuzzRequest): Promise<WireRequest> {
    const { as } = request;
    if (as.kind === 'anonymous') return { method: request.method, url: request.url, headers: request.headers, body: request.body };
    if (as.kind === 'account' && this.ended.delete(as.username)) {
      const token = await signIn(this.send, as.username);
      if (token) this.tokens.set(as.username, token);
    }
    const token = as.kind === 'account' ? this.tokenOf(as.username) : as.token === 'ended' ? this.endedToken : as.token;
    const headers = { ...request.headers };
    let url = request.url;
    if (as.via === 'bearer') headers.authorization = `Bearer ${token}`;
    else if (as.via === 'x-token') headers['x-token'] = token;
    else if (as.via === 'cookie') headers.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}${headers.cookie ? `; ${headers.cookie}` : ''}`;
    else url += `${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
    return { method: request.method, url, headers, body: request.body };
  }

  /** A 401 to an account's request: its session may have ended, so it signs in again when next drawn. */
  noteAnswer(request: FuzzRequest, answer: Answer): void {
    if (request.as.kind === 'account' && answer.status === 401) this.ended.add(request.as.username);
  }
}

/** Routes whose success is not JSON: the spreadsheets, the QR labels (PDF, PNG) and the metrics text. */
const NOT_ENVELOPED = [/\/export$/, /\/template$/, /^\/api\/v2\/metrics/, /\/download_expired_info$/, /\/qr-labels?$/, /^\/api\/v2\/jobs\/\d+\/report$/];
/**
 * Routes that answer outside the envelope whatever the status: the docs (swagger-ui's own files)
 * and the realtime WebSocket, whose plain GET @fastify/websocket answers with an empty 404.
 */
const OUTSIDE_THE_API = [/^\/api\/v2\/docs(\/|$)/, /^\/api\/v2\/ws$/];

/**
 * Fastify's answers for what node's HTTP parser refused (a request line and headers over 16 KiB,
 * broken framing): written to the socket before any route or hook, so outside the API's envelope.
 */
const HTTP_PARSER_REFUSALS = new Set([
  '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
  '{"error":"Bad Request","message":"Client Error","statusCode":400}',
]);

/** What is wrong with an answer, if anything: a 5xx, or a non-envelope from the API. */
export function problemWith(request: WireRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  const path = request.url.split('?')[0]!;
  if (!path.startsWith('/api/') || request.method === 'HEAD' || HTTP_PARSER_REFUSALS.has(answer.body)) return undefined;
  if (answer.status < 400 && NOT_ENVELOPED.some((pattern) => pattern.test(path))) return undefined;
  if (OUTSIDE_THE_API.some((pattern) => pattern.test(path))) return undefined;
  try {
    const envelope = JSON.parse(answer.body) as Record<string, unknown>;
    if (typeof envelope.code === 'number' && typeof envelope.message === 'string' && 'data' in envelope) return undefined;
  } catch {
    // reported below
  }
  return `answered ${answer.status} with something other than a {code, message, data} envelope (${answer.contentType})`;
}

export interface Failure {
  index: number;
  request: WireRequest;
  problem: string;
  answer?: string;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  statuses: Record<string, number>;
  failures: Failure[];
  ms: number;
}

export interface FuzzOptions {
  document: OpenApiDocument;
  world: World;
  scale: Scale;
  send: Send;
  sessions: Sessions;
  seed: number;
  runs: number;
  /** Replays the input of this index only (from the same seed). */
  replay?: number;
  /** Told of every answer, for progress reports. */
  onAnswer?: (index: number, request: WireRequest, answer: Answer | Unanswered | undefined) => void;
}

/**
 * Sends `runs` hostile requests and holds each answer to `problemWith`. The property records a
 * failure rather than stopping at it, so that one run lists every failing input (each with its
 * index); only a server gone ends the run early.
 */
export async function fuzzHttp(options: FuzzOptions): Promise<FuzzReport> {
  const { send, sessions, seed } = options;
  const started = Date.now();
  const statuses: Record<string, number> = {};
  const failures: Failure[] = [];
  let index = options.replay ?? 0;
  let runs = 0;
  /** Set when the server gave no answer: it is gone, and the rest of the run would say nothing new. */
  let gone = false;
  const property = fc.asyncProperty(hostileRequests(options.document, options.world, options.scale), async (request) => {
    const current = index++;
    runs += 1;
    const wire = await sessions.wire(request);
    let answer: Answer | Unanswered;
    try {
      answer = await send(wire);
    } catch (error) {
      statuses['no answer'] = (statuses['no answer'] ?? 0) + 1;
      failures.push({ index: current, request: wire, problem: `no answer: ${(error as Error).message}` });
      options.onAnswer?.(current, wire, undefined);
      gone = true;
      throw error;
    }
    if (typeof answer === 'string') {
      statuses[answer] = (statuses[answer] ?? 0) + 1;
      options.onAnswer?.(current, wire, answer);
      return;
    }
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    sessions.noteAnswer(request, answer);
    const problem = problemWith(wire, answer);
    if (problem) failures.push({ index: current, request: wire, problem, answer: answer.body.slice(0, 300) });
    options.onAnswer?.(current, wire, answer);
  });
  try {
    await fc.assert(property, {
      seed,
      numRuns: options.replay === undefined ? options.runs : 1,
      path: options.replay === undefined ? undefined : String(options.replay),
      endOnFailure: true,
    });
  } catch (error) {
    if (!gone) throw error;
  }
  return { seed, runs, statuses, failures, ms: Date.now() - started };
}

/** A failure as one line that reproduces it: the request, and the seed and index that generate it. */
export function describeFailure(failure: Failure, seed: number): string {
  const { request } = failure;
  const body = request.body
    ? ` body ${JSON.stringify(request.body.toString('utf8').slice(0, 200))}${request.body.length > 200 ? `… (${request.body.length} bytes)` : ''}`
    : '';
  const headers = Object.keys(request.headers).length > 0 ? ` headers ${JSON.stringify(request.headers).slice(0, 300)}` : '';
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} characters)` : request.url;
  return `${failure.problem}: ${request.method} ${url}${headers}${body} [seed ${seed}, index ${failure.index}]${failure.answer ? ` → ${failure.answer}` : ''}`;
}
