import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, type BoxWithSecret, type Envelope, type LoginResult } from '@cloudbox/domain';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../config.js';
import { createDatabase, type Database } from '../db/index.js';
import { packagePath } from '../paths.js';
import { eventually } from '../test/data-plane.js';
import { bindToCkManagers } from '../test/fleet.js';
import { addChannel, deliveriesOf, setPreferences, settled, tripFault } from '../test/notices.js';
import { startHttpReceiver, startSmtpServer, type HttpReceiver, type SmtpReceiver } from '../test/receivers.js';

/**
 * The built server (`npm run build -w @cloudbox/domain && npm run build -w @cloudbox/server`)
 * killed with SIGKILL while notifications wait to be sent: an e-mail whose SMTP server is not up
 * yet (queued, tried once or more) and a webhook that hangs (taken, mid-send). Started again, it
 * sends the e-mail once and the webhook once more, after the dead process's lock ran out, with the
 * same idempotency key.
 */
const MAIN = packagePath('dist', 'main.js');
const LOCK_MS = 3000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe.runIf(process.env.TEST_DATABASE_URL && existsSync(MAIN))('notification delivery across a kill -9 of the server', () => {
  const name = `cloudbox_test_crash_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-crash-'));
  let database: Database;
  let child: ChildProcess | undefined;
  let smtp: SmtpReceiver | undefined;
  let http: HttpReceiver;
  let env: Record<string, string>;
  let baseUrl: string;

  async function startServer(): Promise<void> {
    child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    await eventually(
      async () => {
        if (child?.exitCode !== null) throw new Error(`the server exited with ${child?.exitCode}`);
        return (await fetch(`${baseUrl}/api/v2/health`).catch(() => undefined))?.ok ? true : undefined;
      },
      'the server healthy',
      60_000,
    );
  }

  async function kill(): Promise<void> {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    http = await startHttpReceiver();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      DEMO: '1',
      DEMO_BOXES: '0',
      DEMO_SIMULATOR: '0',
      LOG_LEVEL: 'warn',
      // Nothing listens there until the test starts its SMTP server.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      NOTIFY_LOCK_MS: String(LOCK_MS),
      NOTIFY_SEND_TIMEOUT_MS: '2000',
      NOTIFY_RETRY_BASE_MS: '200',
    };
    await startServer();
    database = await createDatabase({ dataDir: IN_MEMORY, databaseUrl: url.toString() });
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) await kill();
    await database?.close();
    await http?.close();
    await smtp?.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a waiting e-mail once and a mid-send webhook once more, with the same key, after the restart', async () => {
    const db = database.db;
    const answers: ('hang' | 'ok')[] = ['hang'];
    http.answer = () => ((answers.shift() ?? 'ok') === 'hang' ? 'hang' : { status: 200 });
    await addChannel(db, 'demo_manager', { kind: 'email', target: 'manager@example.com' });
    await addChannel(db, 'demo_manager', { kind: 'webhook', target: `${http.url}/hook`, secret: 'crash-secret' });
    await setPreferences(db, 'demo_manager', { fault: ['email', 'webhook'] });

    const login = await fetch(`${baseUrl}/api/v2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_root', password: DEMO_PASSWORD }),
    });
    const { token } = ((await login.json()) as Envelope<LoginResult>).data;
    const id = String(Date.now()).slice(-9);
    const registered = await fetch(`${baseUrl}/api/v2/boxes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, ck: '1001', controllers: [{ station: 1, device_type: 'maglev_blower' }] }),
    });
    const { secret } = ((await registered.json()) as Envelope<BoxWithSecret>).data;
    await bindToCkManagers(db, [id]);
    const box = await mqtt.connectAsync(`mqtt://127.0.0.1:${env.MQTT_PORT}`, { clientId: `box-${id}`, username: id, password: secret, reconnectPeriod: 0 });
    await tripFault(db, box, id, Date.now() - 1000, 1);
    await box.endAsync(true);

    // The e-mail tried and waiting for its retry; the webhook taken and hanging.
    await eventually(async () => {
      const [email, webhook] = await deliveriesOf(db, id);
      return email?.attempts && email.state === 'queued' && webhook?.state === 'sending' && http.requests.length === 1 ? true : undefined;
    }, 'an e-mail waiting and a webhook mid-send');
    expect((await deliveriesOf(db, id))[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await kill();

    smtp = await startSmtpServer(Number(new URL(env.SMTP_URL!).port));
    await startServer();
    const rows = await settled(db, id, 2, 30_000);
    expect(rows.map((row) => [row.kind, row.state])).toEqual([
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(rows[1]!.attempts).toBe(2);
    expect(smtp.mails.filter((mail) => mail.subject.includes(`box ${id}`))).toHaveLength(1);
    expect(http.requests.map((request) => request.headers['x-cloudbox-delivery'])).toEqual([rows[1]!.idempotency_key, rows[1]!.idempotency_key]);
    // The second try waited for the dead process's lock to run out.
    expect(http.requests[1]!.at - http.requests[0]!.at).toBeGreaterThanOrEqual(LOCK_MS - 500);
  }, 120_000);
});
