import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Code } from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { envelopeOf, openTestDatabase, testConfig, type TestDatabase } from '../test/helpers.js';
import { NOT_BUILT_HINT } from './web-console.js';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await openTestDatabase('pglite');
});
afterAll(() => testDatabase.dispose());

const BUNDLE = Array.from({ length: 400 }, (_, index) => `export const row${index} = { index: ${index}, label: 'row ${index}' };`).join('\n');

describe('the built web console', () => {
  let webDist: string;
  let app: App;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'cloudbox-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Cloudbox</title>');
    await writeFile(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'favicon.ico'), 'icon');
    // A bundle with the compressed copies the build writes beside it.
    await writeFile(path.join(webDist, 'assets', 'table-8c2e41.js'), BUNDLE);
    await writeFile(path.join(webDist, 'assets', 'table-8c2e41.js.br'), brotliCompressSync(BUNDLE));
    await writeFile(path.join(webDist, 'assets', 'table-8c2e41.js.gz'), gzipSync(BUNDLE));
    app = buildApp({ config: testConfig({ WEB_DIST: webDist }), database: testDatabase.database });
  });
  afterAll(async () => {
    await app.close();
    await rm(webDist, { recursive: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Cloudbox</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("sends a bundle's compressed copy the browser accepts, brotli before gzip, and the file itself to one that accepts neither", async () => {
    const url = '/assets/table-8c2e41.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 4);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('answers index.html for console routes, so a reload deep in the app works', async () => {
    for (const url of ['/login', '/devices/history/12/3', '/mlogin?redirect=%2Fdashboard']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a file only under its own spelling, and no file added after the start', async () => {
    for (const url of ['/assets/TABLE-8c2e41.js', '/Assets/table-8c2e41.js', '/assets//table-8c2e41.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.body, url).not.toContain('row 399');
    }
    await writeFile(path.join(webDist, 'assets', 'late-1b2c3d.js'), 'console.log(2)');
    const late = await app.inject({ method: 'GET', url: '/assets/late-1b2c3d.js' });
    expect(late.body).not.toContain('console.log(2)');
  });

  it('keeps API paths out of the fallback', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response).code).toBe(Code.REJECTED);
  });
});

describe('without a built web console', () => {
  it('says at / how to build it', async () => {
    const app = buildApp({ config: testConfig({ WEB_DIST: '/nonexistent/dist' }), database: testDatabase.database });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(NOT_BUILT_HINT);
    expect(response.body).toContain('npm run build');
    expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(404);
    await app.close();
  });
});
