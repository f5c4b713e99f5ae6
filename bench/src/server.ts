import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

const root = new URL('../..', import.meta.url).pathname;

export interface DatabaseTarget {
  /** pglite or postgres */
  kind: 'pglite' | 'postgres';
  /** The admin URL from which a throw-away database is created (postgres only). */
  adminUrl?: string;
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** How the process ended ("code 1", "signal SIGKILL"), or undefined while it runs. */
  exited(): string | undefined;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/v2/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts the built server (`packages/server/dist/main.js`) as its own process, in demo mode with a
 * fresh database, so that the benchmark client and the server do not share an event loop.
 * `nodeOptions` go to node before the script (the soak's --expose-gc).
 */
export async function startServer(target: DatabaseTarget, extraEnv: Record<string, string> = {}, nodeOptions: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-bench-'));
  const databaseName = `cloudbox_bench_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000000',
    ...extraEnv,
  };
  let admin: postgres.Sql | undefined;
  if (target.kind === 'postgres') {
    if (!target.adminUrl) throw new Error('postgres target needs an admin URL');
    admin = postgres(target.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${databaseName}`);
    env.DATABASE_URL = withDatabase(target.adminUrl, databaseName);
  }
  const child = spawn(process.execPath, [...nodeOptions, join(root, 'packages/server/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const exited = () => (child.signalCode ? `signal ${child.signalCode}` : child.exitCode !== null ? `code ${child.exitCode}` : undefined);
  return { baseUrl, pid: child.pid ?? 0, exited, stop };
}
