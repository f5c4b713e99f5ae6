import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests drive Debian's Chromium (its headless shell) against the built server, started on its own port
 * with a fresh database in demo mode (demo accounts for every role): a database of its own on TEST_DATABASE_URL's
 * PostgreSQL when that is set, else the embedded PGlite (demo-server.mjs). The onboarding spec
 * runs against a second server in production mode (DEMO=0: only the root account of
 * ROOT_USERNAME / ROOT_PASSWORD), on the embedded PGlite always and its embedded broker on a fixed MQTT port.
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cloudbox-e2e-'));
const productionPort = Number(process.env.E2E_PRODUCTION_PORT ?? 18_090);
const productionURL = `http://127.0.0.1:${productionPort}`;
/** Read by the onboarding spec (its simulator connects here), set here for the production server. */
process.env.E2E_PRODUCTION_MQTT_PORT ??= '18884';
process.env.E2E_ROOT_PASSWORD ??= 'Onboard#2026';
const productionDataDir = mkdtempSync(join(tmpdir(), 'cloudbox-e2e-production-'));
// Stopped with SIGTERM, as a service manager would: the demo fleet says offline, the demo server's database is dropped.
const server = {
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe',
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
} as const;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The demo project's specs one after the other (they share the demo server's data); the production
  // onboarding, on a server and broker of its own, beside them in a second worker.
  workers: 2,
  // A failed test runs once more, traced (below); passing then, it is flaky, and a flaky test fails the run as a failed one does.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'artifacts/report.json' }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The console honours reduced motion: menus and dialogs open at once, so a click is never
    // lost to an element still sliding in.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    // A failed test's second run is traced: every action with the page's DOM as it was, the network and the console.
    // Tracing every test to keep the failed ones' cost the monitoring spec 101 s against 87 s untraced (tracing
    // with the screencast, 111 s against 93).
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      // Debian's Chromium headless shell (scripts/chromium.mjs installs it): the browser engine without the desktop browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      // `--in-process-gpu`: the software compositor runs in the browser process instead of a GPU process of its own,
      // without the messages between them: the menus spec's Chromium CPU 86.2 and 89.2 s -> 81.5 and 80.5 s, the spec
      // 137.8 and 136.2 s -> 129.3 and 131.0 s (BENCHMARKS.md, session 29).
      args: ['--no-sandbox', '--disable-gpu', '--in-process-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'demo', testIgnore: /onboarding\.spec\.ts$/, workers: 1 },
    { name: 'production', testMatch: /onboarding\.spec\.ts$/, use: { baseURL: productionURL }, workers: 1 },
  ],
  webServer: [
    {
      ...server,
      command: 'node demo-server.mjs',
      url: `${baseURL}/api/v2/health`,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
    },
    {
      ...server,
      command: 'node ../packages/server/dist/main.js',
      url: `${productionURL}/api/v2/health`,
      env: {
        PORT: String(productionPort),
        HOST: '127.0.0.1',
        DATA_DIR: productionDataDir,
        DEMO: '0',
        MQTT_PORT: process.env.E2E_PRODUCTION_MQTT_PORT,
        ROOT_USERNAME: 'root_admin',
        ROOT_PASSWORD: process.env.E2E_ROOT_PASSWORD,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
