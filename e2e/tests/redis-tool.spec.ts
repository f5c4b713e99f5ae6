import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RedisKeyPage, RedisStatus } from '@cloudbox/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { tokenOf } from './support/devices.js';
import { keepScreenshot, sidebarPaths, signIn, useLanguage, useSession } from './support/session.js';

const NO_REDIS = 'This deployment has no Redis (REDIS_URL is not set)';

/** GET /tools/redis as the holder of the token, in English. */
async function redisStatus(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v2/tools/redis', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } });
  return { status: response.status(), body: (await response.json()) as { message: string; data: RedisStatus | null } };
}

test.describe('redis tool without Redis (the demo server has no REDIS_URL)', () => {
  test('root reads that this deployment has no Redis and how to configure it, in the API and on the screen', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const answer = await redisStatus(request, await tokenOf(page));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: NO_REDIS, data: { configured: false, prefix: 'cloudbox:' } });

    await page.goto('/tools/redis');
    const none = page.locator('.redis-tool__none');
    await expect(none.locator('.ant-result-title')).toHaveText('This deployment has no Redis');
    await expect(none.locator('.redis-tool__variable code')).toHaveText(['REDIS_URL=redis://redis.example.com:6379', 'REDIS_KEY_PREFIX=cloudbox:']);
    await expect(page.locator('.redis-tool__table')).toHaveCount(0);
    await keepScreenshot(page, 'redis-tool-none-en');

    await useLanguage(page, 'zh');
    await page.reload();
    await expect(none.locator('.ant-result-title')).toHaveText('此部署没有 Redis');
    await keepScreenshot(page, 'redis-tool-none-zh');
  });

  test('a manufacturer has no Redis tool: not in its menu, the page refused, the API 403', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await signIn(page, 'demo_maker');
    expect(await sidebarPaths(page)).not.toContain('/tools/redis');
    expect((await redisStatus(request, await tokenOf(page))).status).toBe(403);
    await page.goto('/tools/redis');
    await expect(page.locator('.error-page')).toBeVisible();
    await expect(page.locator('.redis-tool')).toHaveCount(0);
  });
});

/**
 * Commands to a Redis whose replies are one line each (SET, HSET, RPUSH, ZADD, EXISTS), pipelined:
 * the replies as text (`OK`, `3`). Enough to seed the keys of a test without a Redis client package.
 */
function redisCommands(url: string, commands: (string | number)[][]): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const encode = (args: (string | number)[]) => `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(String(arg))}\r\n${arg}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port || 6379), hostname, () => socket.write(commands.map(encode).join('')));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      const lines = received.split('\r\n').slice(0, -1);
      if (lines.length < commands.length) return;
      socket.end();
      const failed = lines.find((line) => line.startsWith('-'));
      if (failed) reject(new Error(failed));
      else resolve(lines.map((line) => line.slice(1)));
    });
    socket.on('error', reject);
  });
}

/**
 * The Redis path end to end, when E2E_REDIS_URL names a Redis: a server of this spec's own (the
 * configuration's servers stay as they are) on E2E_PORT + 5, its keys under a prefix of this run.
 */
test.describe('redis tool with Redis', () => {
  const redisUrl = process.env.E2E_REDIS_URL;
  test.skip(!redisUrl, 'E2E_REDIS_URL is not set');
  const port = Number(process.env.E2E_PORT ?? 18_080) + 5;
  const baseURL = `http://127.0.0.1:${port}`;
  const prefix = `cloudbox-e2e:${randomBytes(4).toString('hex')}:`;
  let server: ChildProcess;
  const key = (name: string) => `${prefix}${name}`;
  test.use({ baseURL });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    // Every key expires: a run that stops half way leaves nothing behind for long.
    await redisCommands(redisUrl!, [
      ['SET', key('cache:settings'), JSON.stringify({ theme: 'dark', boxes: [100000001, 100000002], alerts: { enabled: true, level: null } }), 'EX', 7200],
      ['HSET', key('cache:box:100000001'), 'status', 'online', 'model', 'CB-200', 'station', '1'],
      ['EXPIRE', key('cache:box:100000001'), 3600],
      ['RPUSH', key('queue:commands'), ...Array.from({ length: 130 }, (_, index) => `command-${index}`)],
      ['EXPIRE', key('queue:commands'), 3600],
      ['ZADD', key('ranking'), 3, 'box-3', 1, 'box-1'],
      ['EXPIRE', key('ranking'), 600],
    ]);
    server = spawn('node', ['../packages/server/dist/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'cloudbox-e2e-redis-')),
        DEMO: '1',
        DEMO_BOXES: '0',
        DEMO_SIMULATOR: '0',
        MQTT_PORT: '0',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect.poll(async () => (await request.get('/api/v2/health').catch(() => null))?.status(), { timeout: 150_000 }).toBe(200);
  });

  /** Whatever this run left under its prefix goes, through the tool's own API; then the server stops. */
  test.afterAll(async ({ request, browser }) => {
    const page = await browser.newPage({ baseURL });
    await useSession(page, 'demo_root');
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const listed = (await (await request.get('/api/v2/tools/redis/keys?count=500', { headers })).json()) as { data: RedisKeyPage };
    for (const item of listed.data.items) await request.delete(`/api/v2/tools/redis/key?key=${encodeURIComponent(item.key)}`, { headers });
    await page.close();
    server?.kill('SIGTERM');
  });

  test('root lists the keys, filters them, reads a JSON value and a long list, and deletes a key', async ({ page }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    await page.goto('/tools/redis');

    const row = (name: string) => page.locator(`.redis-tool__table tr[data-key="${key(name)}"]`);
    await expect(row('cache:settings')).toBeVisible();
    await expect(row('cache:settings').locator('.redis-type')).toHaveText('string');
    await expect(row('cache:settings')).toContainText(/1 h 59 min|2 h/);
    await expect(row('queue:commands')).toContainText('130 items');
    // The server's own sign-in counts are keys under the prefix too.
    await expect(page.locator(`.redis-tool__table tr[data-key^="${prefix}ratelimit:"]`).first()).toBeVisible();
    await keepScreenshot(page, 'redis-tool-keys-en');

    await page.locator('.redis-tool__pattern input').fill('cache:*');
    await page.locator('.redis-tool__pattern input').press('Enter');
    await expect(page.locator('.redis-tool__table tr[data-key]')).toHaveCount(2);

    await row('cache:settings').locator('.redis-tool__open').click();
    const drawer = page.locator('.redis-drawer');
    await expect(drawer.locator('.redis-value__json .json-key').first()).toHaveText('"theme"');
    await expect(drawer.locator('.redis-value__json')).toContainText('"level": null');
    await keepScreenshot(page, 'redis-tool-json-en');
    await drawer.locator('.ant-drawer-close').click();

    await page.locator('.redis-tool__pattern input').fill('queue');
    await page.locator('.redis-tool__pattern input').press('Enter');
    await row('queue:commands').locator('.redis-tool__open').click();
    await expect(drawer.locator('.redis-drawer__bound')).toContainText('Showing the first 100 of 130 items (30 more not shown)');
    await expect(drawer.locator('.redis-value__table tbody tr')).toHaveCount(100);
    await keepScreenshot(page, 'redis-tool-list-en');
    await drawer.locator('.redis-drawer__delete').click();
    await page.locator('.redis-drawer__delete-ok').click();
    await expect(page.locator('.ant-message')).toContainText(`Key "${prefix}queue:commands" deleted`);
    await expect(row('queue:commands')).toHaveCount(0);
    expect(await redisCommands(redisUrl!, [['EXISTS', key('queue:commands')]])).toEqual(['0']);

    await useLanguage(page, 'zh');
    await page.reload();
    await expect(row('ranking').locator('.redis-type')).toHaveText('zset');
    await expect(row('cache:box:100000001')).toContainText('3 个字段');
    await keepScreenshot(page, 'redis-tool-keys-zh');
  });
});
