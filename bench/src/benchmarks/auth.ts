import { load } from '../http-load.js';
import type { Benchmark } from '../types.js';

const ACCOUNT = { username: 'demo_manager', password: 'demo123456' };

/** Log-in (argon2id verification bound) and info (session lookup bound) throughput and latency. */
export const authBenchmark: Benchmark = {
  name: 'auth',
  title: 'Log-in and info',
  description:
    'autocannon against the running server: `POST /api/v2/user/login` with a demo account (argon2id verify + session insert), and `GET /api/v2/user/info` with a valid token (session lookup + user read).',
  columns: ['database', 'call', 'connections', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
  async run(server, target, options) {
    const login = await fetch(`${server.baseUrl}/api/v2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNT),
    });
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`log-in failed with HTTP ${login.status}`);

    const loginResult = await load({
      url: `${server.baseUrl}/api/v2/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNT),
      connections: 8,
      duration: options.durationSeconds,
    });
    const infoResult = await load({
      url: `${server.baseUrl}/api/v2/user/info`,
      headers: { authorization: `Bearer ${token}` },
      connections: 50,
      duration: options.durationSeconds,
    });
    const row = (call: string, connections: number, r: typeof loginResult) => [
      target.kind,
      call,
      String(connections),
      r.rps.toFixed(0),
      String(r.p50),
      String(r.p99),
      String(r.errors + r.non2xx),
    ];
    return [row('POST /user/login', 8, loginResult), row('GET /user/info', 50, infoResult)];
  },
};
