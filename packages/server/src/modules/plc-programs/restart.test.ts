import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_PASSWORD,
  type BoxWithSecret,
  type DeliveryStarted,
  type Envelope,
  type JobView,
  type LoginResult,
  type Page,
  type ProgramDeliveryView,
  type ProgramView,
} from '@cloudbox/domain';
import { createFleet, type BoxOptions, type Fleet } from '@cloudbox/simulator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../paths.js';
import { eventually } from '../../test/data-plane.js';
import { DATABASE_KINDS } from '../../test/helpers.js';

/**
 * The built server (`npm run build -w @cloudbox/server`) killed with SIGKILL halfway through a program
 * delivery to slow simulated boxes, and started again on the same data: the job is taken up again
 * and every delivery goes on from the chunks its box acknowledged, to done.
 */
const MAIN = packagePath('dist', 'main.js');
const BOXES = 6;
const CHUNKS = 64;

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

describe.runIf(existsSync(MAIN)).each(DATABASE_KINDS)('a program delivery across a kill -9 of the server on %s', (kind) => {
  const name = `cloudbox_test_program_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = kind === 'postgres' ? postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} }) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudbox-program-'));
  let child: ChildProcess | undefined;
  let fleet: Fleet | undefined;
  let env: Record<string, string>;
  let baseUrl: string;
  let token = '';

  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const response = await fetch(`${baseUrl}/api/v2${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  }

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
    const login = await call<LoginResult>('POST', '/user/login', { username: 'demo_root', password: DEMO_PASSWORD });
    token = login.data.token;
  }

  async function kill(): Promise<void> {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    let databaseUrl: Record<string, string> = {};
    if (admin) {
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = { DATABASE_URL: url.toString() };
    }
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...databaseUrl,
      DEMO: '1',
      DEMO_BOXES: '0',
      DEMO_SIMULATOR: '0',
      LOG_LEVEL: 'warn',
      JOB_LEASE_S: '3',
    };
    await startServer();
  }, 90_000);
  afterAll(async () => {
    await fleet?.stop();
    if (child && child.exitCode === null) await kill();
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes the job up again after the restart and finishes every delivery from where its box stood', async () => {
    const base = 700_000_000 + Math.floor(Math.random() * 90_000_000);
    const boxes: BoxOptions[] = [];
    for (let index = 0; index < BOXES; index += 1) {
      const id = String(base + index);
      const registered = await call<BoxWithSecret>('POST', '/boxes', { id, ck: '1001', controllers: [{ station: 3, device_type: 'generic_plc' }] });
      // A slow serial bus: each chunk is answered 40 ms late, so the delivery is still going when the server dies.
      boxes.push({ id, secret: registered.data.secret, controllers: [{ station: 3, deviceType: 'generic_plc' }], programAckDelayMs: 40 });
    }
    fleet = createFleet({ url: `mqtt://127.0.0.1:${env.MQTT_PORT}`, boxes, intervalSeconds: 0.2, seed: 9, dropOutRate: 0, faultRate: 0 });
    fleet.start();

    const content = randomBytes(CHUNKS * 4096);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const program = await call<ProgramView>('POST', '/plc-programs', {
      name: 'kiln',
      device_type_id: 'generic_plc',
      version: '7',
      file_name: 'kiln.bin',
      content: content.toString('base64'),
    });
    expect(program.data.sha256).toBe(sha256);
    const ids = boxes.map((box) => String(box.id));
    await eventually(async () => {
      const statuses = await Promise.all(ids.map((id) => call<{ online: boolean }>('GET', `/devices/${id}`)));
      return statuses.every((status) => status.data?.online) ? true : undefined;
    }, 'every box online');
    const started = await call<DeliveryStarted>('POST', `/plc-programs/${program.data.id}/deliveries`, { start_box_id: ids[0], end_box_id: ids.at(-1) });
    expect(started.data.deliveries).toBe(BOXES);
    const jobId = started.data.job_id;
    const records = async () => (await call<Page<ProgramDeliveryView>>('GET', `/plc-program-deliveries?job_id=${jobId}&page_size=50`)).data.items;

    // Halfway: some chunks of every box acknowledged, none finished.
    const before = await eventually(
      async () => {
        const rows = await records();
        return rows.every((row) => row.chunks_acked >= 8) ? rows : undefined;
      },
      'every delivery under way',
      60_000,
    );
    expect(before.every((row) => row.state === 'sending')).toBe(true);
    await kill();
    const acked = new Map(before.map((row) => [row.box_id, row.chunks_acked]));

    await startServer();
    const job = await eventually(
      async () => {
        const view = (await call<JobView>('GET', `/jobs/${jobId}`)).data;
        return view.state === 'done' || view.state === 'failed' ? view : undefined;
      },
      'the job to end after the restart',
      120_000,
    );
    expect(job).toMatchObject({ state: 'done', progress: { done: BOXES, total: BOXES }, counts: { ok: BOXES } });
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    for (const row of await records()) expect(row).toMatchObject({ state: 'done', chunks_acked: CHUNKS, chunks_total: CHUNKS, error: null });
    for (const id of ids) {
      const [received] = [...fleet.programsOf(id)!.values()];
      expect(received!.verified, id).toBe(true);
      expect(createHash('sha256').update(Buffer.concat(received!.chunks)).digest('hex')).toBe(sha256);
      // Resumed, not restarted: chunk 0 went once, and the chunks the box had acknowledged before the kill were not sent again.
      expect(
        received!.arrivals.filter((index) => index === 0),
        id,
      ).toHaveLength(1);
      expect(received!.arrivals.length, id).toBeLessThanOrEqual(CHUNKS + 2);
      expect(acked.get(id)).toBeGreaterThanOrEqual(8);
    }
  }, 240_000);
});
