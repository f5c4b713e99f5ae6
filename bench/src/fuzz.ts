import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { describeMachine } from './machine.js';
import { writeSection } from './report.js';
import { startServer, type DatabaseTarget, type RunningServer } from './server.js';
import { LONG } from '../../packages/server/src/test/fuzz/hostile.js';
import {
  describeFailure,
  fuzzHttp,
  ONE_ACCOUNT_PER_ROLE,
  Sessions,
  type Answer,
  type Send,
  type Unanswered,
  type WireRequest,
} from '../../packages/server/src/test/fuzz/http-fuzz.js';
import type { OpenApiDocument } from '../../packages/server/src/test/fuzz/requests.js';

/**
 * `npm run fuzz -- --runs 20000 [--seed N] [--database-url URL] [--replay INDEX]`: the long form of
 * the HTTP fuzz suite (packages/server/src/test/fuzz). The built server runs in demo mode as its
 * own process, so that an input that ends it is seen as what it is; the hostile requests go over
 * real HTTP on loopback, bodies up to past the 1 MiB limit and JSON nested 200,000 deep. It prints
 * the answers by status and every 5xx or non-envelope with the request, seed and index that
 * reproduce it (`--replay INDEX` sends that one input again), checks health at the end, writes
 * its section of BENCHMARKS.md (not for a replay), and exits with 1 on any failure.
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    /** PostgreSQL (an admin URL; a throw-away database is made on it) instead of the embedded PGlite. */
    'database-url': { type: 'string' },
    replay: { type: 'string' },
  },
});

const RUNS = Number(values.runs);
const SEED = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const REPLAY = values.replay === undefined ? undefined : Number(values.replay);
if (!Number.isInteger(RUNS) || RUNS < 1 || !Number.isInteger(SEED) || (REPLAY !== undefined && !Number.isInteger(REPLAY))) {
  console.error('--runs, --seed and --replay take whole numbers');
  process.exit(2);
}
const PROGRESS_EVERY = 1_000;
/** Long enough for a 1 MiB body on a slow machine; a request that takes longer is an answer missing. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One request per connection, so that a connection the server closes is the one of the request
 * that made it close (a kept-alive one would fail the next request). Node's client refuses to
 * write some headers and URLs (not sent); the server may close the connection of a request past
 * its limits before answering (connection closed). Either way it must still be up: if it is not,
 * this rejects.
 */
function sender(server: RunningServer): Send {
  const base = new URL(server.baseUrl);
  // A server that answers early (413) and closes makes the rest of the body's write fail after the
  // request is done, when node's client no longer listens on the socket: that error is expected.
  const expectWriteErrors = (socket: Socket) => socket.on('error', () => undefined);
  const once = (request: WireRequest) =>
    new Promise<Answer | Unanswered>((resolve, reject) => {
      let outgoing;
      try {
        // A body's length said outright: node's client would send a GET's body without one, and the server would read it as the next request.
        const headers = request.body ? { ...request.headers, 'content-length': String(request.body.length) } : request.headers;
        outgoing = httpRequest({
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.url,
          headers,
          agent: false,
          timeout: REQUEST_TIMEOUT_MS,
        });
      } catch {
        resolve('not sent');
        return;
      }
      outgoing.on('socket', expectWriteErrors);
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', () => resolve('connection closed'));
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      outgoing.on('error', (error) => (error.message.startsWith('no answer') ? reject(error) : resolve('connection closed')));
      outgoing.end(request.body);
    });
  return async (request) => {
    const answer = await once(request);
    const exited = server.exited();
    if (exited) throw new Error(`the server process exited (${exited})`);
    if (answer === 'connection closed' && !(await healthy(server))) {
      throw new Error(server.exited() ? `the server process exited (${server.exited()})` : 'the server closed the connection and no longer answers /health');
    }
    return answer;
  };
}

/** node's limit on a request line and headers, and the server's on a body. */
const HEAD_LIMIT_BYTES = 16 * 1024;
const BODY_LIMIT_BYTES = 1024 * 1024;

function withinLimits(request: WireRequest): boolean {
  const head = request.url.length + Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  return head < HEAD_LIMIT_BYTES - 1024 && (request.body?.length ?? 0) <= BODY_LIMIT_BYTES;
}

async function healthy(server: RunningServer): Promise<boolean> {
  try {
    const response = await fetch(`${server.baseUrl}/api/v2/health`, { signal: AbortSignal.timeout(10_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function json<T>(send: Send, url: string, token?: string): Promise<T> {
  const answer = await send({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (typeof answer === 'string' || answer.status !== 200) throw new Error(`GET ${url} failed: ${typeof answer === 'string' ? answer : answer.body}`);
  return JSON.parse(answer.body) as T;
}

const target: DatabaseTarget = values['database-url'] ? { kind: 'postgres', adminUrl: values['database-url'] } : { kind: 'pglite' };
console.log(`fuzz: ${REPLAY === undefined ? `${RUNS} inputs` : `input ${REPLAY}`}, seed ${SEED}, on ${target.kind}; starting the built server…`);
// A valid load test request as root would run the simulator for minutes: the fuzz meets its refusal.
const server = await startServer(target, { LOG_LEVEL: 'error', LOAD_TEST_ALLOWED: '0' });
let exitCode = 0;
try {
  const send = sender(server);
  const document = await json<OpenApiDocument>(send, '/api/v2/docs/json');
  const sessions = await Sessions.open(send, ONE_ACCOUNT_PER_ROLE);
  const devices = await json<{ data: { items: { box_id: string }[] } }>(send, '/api/v2/devices?page_size=50', sessions.tokenOf('demo_root'));
  const boxIds = [...new Set(devices.data.items.map((item) => item.box_id))];

  const started = Date.now();
  /** Connections the server closed unanswered although the request kept to its limits: allowed, but worth a look. */
  const closedWithinLimits: string[] = [];
  const report = await fuzzHttp({
    document,
    world: { usernames: ONE_ACCOUNT_PER_ROLE, boxIds },
    scale: LONG,
    send,
    sessions,
    seed: SEED,
    runs: RUNS,
    replay: REPLAY,
    onAnswer(index, request, answer) {
      if (REPLAY !== undefined)
        console.log(
          `${request.method} ${request.url.slice(0, 300)} → ${typeof answer === 'object' ? `${answer.status} ${answer.body.slice(0, 300)}` : answer}`,
        );
      if (answer === 'connection closed' && withinLimits(request))
        closedWithinLimits.push(`${request.method} ${request.url.slice(0, 200)} [seed ${SEED}, index ${index}]`);
      const done = index + 1;
      if (done % PROGRESS_EVERY === 0) console.log(`${done} inputs in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    },
  });

  const exited = server.exited();
  const healthyAtEnd = !exited && (await healthy(server));
  const fivexx = Object.entries(report.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  const byStatus = Object.entries(report.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(`\n${report.runs} inputs in ${(report.ms / 1000).toFixed(1)} s (seed ${SEED}); answers by status: ${byStatus}`);
  for (const failure of report.failures) console.log(`FAILED ${describeFailure(failure, SEED)}`);
  for (const closed of closedWithinLimits) console.log(`closed unanswered within the limits: ${closed}`);
  console.log(
    `5xx: ${fivexx}; other failures: ${report.failures.length - fivexx}; process exit: ${exited ?? 'none'}; healthy at the end: ${healthyAtEnd ? 'yes' : 'no'}`,
  );
  if (report.failures.length > 0 || exited || !healthyAtEnd) exitCode = 1;

  if (REPLAY === undefined) {
    writeSection(new URL('../../BENCHMARKS.md', import.meta.url).pathname, {
      name: 'fuzz',
      title: 'Fuzz (long run)',
      description: [
        `Hostile HTTP requests drawn by fast-check from the OpenAPI document (packages/server/src/test/fuzz): every route with its declared and wrong methods, path parameters, queries and bodies either plausible or hostile (wrong types, numbers past int32/int64, NUL and control characters, lone surrogates, bad percent-encodings, injection strings, prototype keys, bodies past 1 MiB, JSON nested up to ${LONG.maxDepth.toLocaleString('en')} deep), as anonymous, with bad or ended tokens and as one demo account per role; sent over loopback to the built server, its own process, in demo mode on ${target.kind}.`,
        `"not sent": node's client refuses the header or URL; "connection closed": the server closed the connection before an answer (a request over its limits) and still answered /health. A failure is a 5xx, an answer under /api that is not a {code, message, data} envelope, a process exit or no answer.`,
      ].join('\n\n'),
      machine: describeMachine(),
      command: `npm run fuzz -- ${process.argv.slice(2).join(' ') || `--runs ${RUNS}`}${values.seed === undefined ? ` (seed ${SEED})` : ''}`,
      columns: ['database', 'inputs', 'seconds', 'answers by status', '5xx', 'failures', 'process exit', 'healthy at the end'],
      rows: [
        [
          target.kind,
          String(report.runs),
          (report.ms / 1000).toFixed(0),
          byStatus,
          String(fivexx),
          String(report.failures.length),
          exited ?? 'none',
          healthyAtEnd ? 'yes' : 'no',
        ],
      ],
    });
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
