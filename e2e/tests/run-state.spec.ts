import type { DeviceRunCounts, RunningHours } from '@cloudbox/domain';
import { AIR_COMPRESSOR, MAGLEV_BLOWER } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import type { MqttClient } from 'mqtt';
import { api, connectBox, freshBoxId, listDevices, publishSamples, registerBox, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

const HOUR = 3_600_000;

/** The run states the device list's rows show, by box/station. */
function runStates(page: Page): Promise<string[]> {
  return page
    .locator('.devices-show__table .ant-table-tbody tr[data-box] [data-run-state]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-run-state')!));
}

test.describe('run state', () => {
  const boxes = { running: freshBoxId(), stopped: `${freshBoxId()}2` };
  const clients: MqttClient[] = [];
  let token = '';

  test.beforeEach(async ({ page, request, baseURL }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    token = await tokenOf(page);
    if (clients.length > 0) return;
    // A blower that has run for the last two hours and a compressor that stands still, both online.
    const now = Date.now();
    for (const [state, deviceType, register] of [
      ['running', 'maglev_blower', MAGLEV_BLOWER.running],
      ['stopped', 'air_compressor', AIR_COMPRESSOR.running],
    ] as const) {
      const id = boxes[state];
      const secret = await registerBox(request, token, {
        id,
        owner_unit: `E2E run state ${state}`,
        controllers: [{ station: 1, device_type: deviceType, machine_model: 'E2E', device_number: `RUN-${state}` }],
      });
      const client = await connectBox(baseURL!, id, secret);
      clients.push(client);
      const running = state === 'running' ? 1 : 0;
      await publishSamples(
        client,
        id,
        [2 * HOUR, 1.5 * HOUR, HOUR, HOUR / 2, 0].map((ago) => ({ ts: now - ago, values: { [register]: running } })),
      );
    }
  });

  test.afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync()));
  });

  test('the device list shows each device running, stopped or unknown, and filters by it', async ({ page, request }) => {
    // The demo fleet connects after its week of history: wait until its blowers and compressors report running.
    await expect.poll(async () => (await listDevices(request, token, { run_state: 'running' })).total, { timeout: 90_000 }).toBeGreaterThan(5);
    await page.goto('/devices/devices-show?page_size=50');
    await expect(page.locator('.devices-show__table thead')).toContainText('Run state');
    await expect.poll(() => runStates(page)).toContain('running');
    const shown = await runStates(page);
    expect(shown).toContain('running');
    expect(shown.every((state) => ['running', 'stopped', 'unknown'].includes(state))).toBe(true);
    await keepScreenshot(page, 'run-state-list-en');

    // Stopped devices: the filter keeps only them, among them the compressor that stands still.
    await page.locator('.devices-show__run_state').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option[title="Stopped"]').click();
    await expect(page).toHaveURL(/run_state=stopped/);
    // The rows of the unfiltered page stay until the filtered page comes (the stopped compressor may be among them).
    await expect.poll(async () => [...new Set(await runStates(page))]).toEqual(['stopped']);
    await expect(page.locator(`.devices-show__table tr[data-box="${boxes.stopped}"] [data-run-state]`)).toHaveAttribute('data-run-state', 'stopped');
    await expect(page.locator(`.devices-show__table tr[data-box="${boxes.stopped}"] [data-run-state]`)).toHaveText('Stopped');
    await keepScreenshot(page, 'run-state-list-stopped-en');

    await page.goto(`/devices/devices-show?keyword=E2E%20run%20state`);
    await expect(page.locator(`.devices-show__table tr[data-box="${boxes.running}"] [data-run-state]`)).toHaveAttribute('data-run-state', 'running');
    await expect(page.locator(`.devices-show__table tr[data-box="${boxes.stopped}"] [data-run-state]`)).toHaveAttribute('data-run-state', 'stopped');
  });

  test('the dashboard counts the devices running now', async ({ page }) => {
    const counts = await api<DeviceRunCounts>(page.request, token, '/devices/run-counts');
    expect(counts.running).toBeGreaterThan(0);
    expect(counts.stopped).toBeGreaterThan(0);
    await page.goto('/dashboard');
    const running = page.locator('.dashboard__running');
    await expect(running).toContainText('Running now');
    await expect(running.locator('.ant-statistic-content-value')).toHaveText(/^\d+$/);
    expect(Number(await running.getAttribute('data-running'))).toBeGreaterThan(0);
    await expect(running.locator('.dashboard__running-detail')).toContainText('stopped');
    await keepScreenshot(page, 'run-state-dashboard-en');
    await running.click();
    await expect(page).toHaveURL(/\/devices\/devices-show\?run_state=running/);
  });

  test("a device's page shows its running hours today and over 30 days", async ({ page }) => {
    // Counted from the hourly rollups, which the server writes every few seconds.
    const runningHours = () => api<RunningHours>(page.request, token, `/devices/${boxes.running}/controllers/1/running-hours`);
    await expect.poll(async () => (await runningHours()).last_30_days, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const hours = await runningHours();
    expect(hours.register).toBe(MAGLEV_BLOWER.running);
    await page.goto(`/devices/maglev-controller/${boxes.running}/1`);
    const shown = page.locator('.device-header__running-hours');
    await expect(shown).toHaveText(`Today ${hours.today!.toFixed(1)} h · 30 days ${hours.last_30_days!.toFixed(1)} h`);
    await keepScreenshot(page, 'run-state-running-hours-en');
    const stopped = await api<RunningHours>(page.request, token, `/devices/${boxes.stopped}/controllers/1/running-hours`);
    expect(stopped).toEqual({ register: AIR_COMPRESSOR.running, today: 0, last_30_days: 0 });
  });
});
