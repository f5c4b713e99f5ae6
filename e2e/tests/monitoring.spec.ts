import { encodeRegister, findRegister, formatMessage, getDeviceType, MAGLEV_BLOWER } from '@cloudbox/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, connectBox, freshBoxId, listDevices, publishSamples, registerBox, tokenOf, workbookRows } from './support/devices.js';
import { keepScreenshot, openFromSidebar, signIn, useLanguage } from './support/session.js';

const HOUR = 3_600_000;

/** The rows of the device list table as the page shows them. */
function listRows(page: Page) {
  return page.locator('.devices-show__table .ant-table-tbody tr[data-box]');
}

test.describe('device list', () => {
  test('filters by status and keyword, pages on the server, keeps the filters in the URL', async ({ page, request }) => {
    await signIn(page, 'demo_root');
    await openFromSidebar(page, '/devices/devices-show');
    await expect(listRows(page)).toHaveCount(20);
    const token = await tokenOf(page);
    const all = await listDevices(request, token, {});
    await expect(page.locator('.devices-show .status-count[data-status="all"] .status-count__value')).toHaveText(String(all.total));

    await page.locator('.devices-show .status-count[data-status="online"]').click();
    await expect(page).toHaveURL(/status=online/);
    const online = await listDevices(request, token, { status: 'online' });
    await expect(page.locator('.ant-pagination-total-text')).toContainText(String(online.total));
    for (const status of await listRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))) expect(status?.startsWith('online')).toBe(true);

    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/page=2/);
    const second = await listDevices(request, token, { status: 'online', page: '2' });
    await expect(listRows(page).first()).toHaveAttribute('data-box', second.items[0]!.box_id);

    const target = all.items[3]!;
    await page.locator('.devices-show__keyword input').fill(target.box_id);
    await page.locator('.devices-show__keyword input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${target.box_id}`));
    await expect(page).not.toHaveURL(/page=2/);
    await page.locator('.devices-show .status-count[data-status="all"]').click();
    await expect(listRows(page).first()).toHaveAttribute('data-box', target.box_id);
    await keepScreenshot(page, 'devices-list-filtered-zh');

    await page.reload();
    await expect(page.locator('.devices-show__keyword input')).toHaveValue(target.box_id);
    await expect(listRows(page).first()).toHaveAttribute('data-box', target.box_id);
  });

  test('shows a box going online and offline without a reload', async ({ page, request, baseURL }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const secret = await registerBox(request, token, { id: boxId });
    await page.goto(`/devices/devices-show?keyword=${boxId}`);
    const row = page.locator(`.devices-show__table tr[data-box="${boxId}"]`);
    await expect(row).toHaveAttribute('data-status', 'offline');

    const box = await connectBox(baseURL!, boxId, secret);
    await expect(row).toHaveAttribute('data-status', 'online');
    await expect(row.locator('.status-tag')).toHaveText('在线');
    await box.endAsync();
    await expect(row).toHaveAttribute('data-status', 'offline');
  });

  test('exports the filtered list as a workbook with a progress dialog', async ({ page, request }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    await page.goto('/devices/devices-show?model=generic_plc&expiry=this_month');
    const expected = await listDevices(request, token, { model: 'generic_plc', expiry: 'this_month', page_size: '500' });
    await expect(page.locator('.ant-pagination-total-text')).toContainText(String(expected.total));
    const download = page.waitForEvent('download');
    await page.locator('.devices-show .export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await workbookRows(await file.path());
    expect(rows.length - 1).toBe(expected.total);
    expect(rows.slice(1).map((row) => String(row[0])).sort()).toEqual(expected.items.map((item) => item.box_id).sort());
  });
});

test.describe('device screens', () => {
  test('writes a parameter: confirmed, acked by the box, and in the operation log', async ({ page, request }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    const [device] = (await listDevices(request, token, { model: 'maglev_blower', status: 'online', page_size: '1' })).items;
    expect(device).toBeDefined();
    await page.goto(`/devices/maglev-controller/${device!.box_id}/${device!.controller_id}`);
    const setPoint = page.locator(`.register-value[data-register="${MAGLEV_BLOWER.speedSetPoint}"]`);
    await expect(setPoint.locator('.register-value__text')).not.toHaveText('—');

    await setPoint.locator('.register-edit').click();
    const input = page.locator('.write-dialog input');
    // The spec's number messages, worded by the domain codec as the server words them.
    const register = findRegister(getDeviceType('maglev_blower')!, MAGLEV_BLOWER.speedSetPoint)!;
    const message = (value: string) => {
      const result = encodeRegister(value, register, 'zh');
      if (result.ok) throw new Error(`${value} is valid`);
      return formatMessage('zh', result.message.key, result.message.params);
    };
    const error = (value: string) => page.locator('.write-dialog .ant-form-item-explain-error').filter({ hasText: new RegExp(`^${message(value)}$`) });
    for (const value of ['abc', '12.5', '99999']) {
      await input.fill(value);
      await expect(error(value)).toBeVisible();
    }
    await input.fill('15000');
    await page.locator('.write-dialog .ant-btn-primary').click();
    await page.locator('.write-confirm .ant-btn-primary').click();
    await expect(setPoint.locator('.command-tag[data-state="acked"]')).toBeVisible({ timeout: 30_000 });
    await expect(setPoint.locator('.register-value__text')).toHaveText(/15000/, { timeout: 20_000 });
    await keepScreenshot(page, 'write-acked-zh');

    const log = await api<{ items: { action: string; new_value: string | null; register: number | null }[] }>(request, token, `/operation-logs?box_id=${device!.box_id}`);
    expect(log.items.some((entry) => entry.register === MAGLEV_BLOWER.speedSetPoint && entry.new_value?.startsWith('15000'))).toBe(true);
  });

  test('shows hourly candles of a known series with the right open, high, low and close', async ({ page, request, baseURL }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const secret = await registerBox(request, token, { id: boxId });
    const box = await connectBox(baseURL!, boxId, secret);
    const hour = Math.floor((Date.now() - 26 * HOUR) / HOUR) * HOUR;
    const speed = String(MAGLEV_BLOWER.speed);
    const series = [12_000, 15_500, 9_800, 13_200];
    await publishSamples(
      box,
      boxId,
      series.map((value, index) => ({ ts: hour + (index + 1) * 600_000, values: { [speed]: value } })),
    );
    await box.endAsync();

    await page.goto(`/devices/k-line/${boxId}/1`);
    await expect(page.locator('.device-kline__register')).toContainText('电机转速');
    await page.locator('.device-kline__interval').getByText('小时线').click();
    await expect(page.locator('[data-chart="kline"]')).toBeVisible();
    await keepScreenshot(page, 'kline-seeded-zh');
    await page.locator('.device-kline__view').getByText('表格').click();
    const candle = page.locator(`.kline-table tr[data-t="${hour}"]`);
    await expect(candle.locator('.kline-open')).toHaveText('12000');
    await expect(candle.locator('.kline-high')).toHaveText('15500');
    await expect(candle.locator('.kline-low')).toHaveText('9800');
    await expect(candle.locator('.kline-close')).toHaveText('13200');
    await expect(candle.locator('.kline-count')).toHaveText('4');
  });

  test('exports the filtered fault records as a workbook', async ({ page, request }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    await openFromSidebar(page, '/devices/export-errors');
    await page.locator('.fault-filter__severity').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '故障' }).click();
    const expected = await api<{ total: number }>(request, token, '/faults?severity=fault&page_size=1');
    await expect(page.locator('.ant-pagination-total-text')).toContainText(String(expected.total));
    const download = page.waitForEvent('download');
    await page.locator('.export-errors .export-button').click();
    const rows = await workbookRows(await (await download).path());
    expect(rows.length - 1).toBeGreaterThanOrEqual(expected.total);
    expect(rows.slice(1).every((row) => row[6] === '故障')).toBe(true);
  });

  test('the map shows the boxes, clustered when zoomed out', async ({ page }) => {
    await signIn(page, 'demo_root');
    await openFromSidebar(page, '/devices/map');
    const map = page.locator('.map-monitoring .device-map');
    await expect(map.locator('canvas').first()).toBeVisible();
    await expect(map).toHaveAttribute('data-count', /^[1-9]\d*$/);
    await expect(page.locator('.map-monitoring__state').first()).toBeVisible();
    await keepScreenshot(page, 'map-zh');
  });
});

/** Every monitoring screen of live demo devices, as [name, path, what shows it is ready]. */
async function monitoringScreens(page: Page, request: APIRequestContext): Promise<[string, string, string][]> {
  const token = await tokenOf(page);
  const pick = async (model: string) => (await listDevices(request, token, { model, status: 'online', page_size: '1' })).items[0]!;
  const maglev = await pick('maglev_blower');
  const plc = await pick('generic_plc');
  const compressor = await pick('air_compressor');
  const faults = await api<{ items: { box_id: string; controller_id: number; started_at: string }[] }>(request, token, '/faults?page_size=1');
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const screens: [string, string, string][] = [
    ['dashboard', '/dashboard', '[data-chart="fault-trend"] canvas'],
    ['devices-show', '/devices/devices-show', '.devices-show__table tr[data-box]'],
    ['map', '/devices/map', '.device-map canvas'],
    ['controller', `/devices/controller/${compressor.box_id}/${compressor.controller_id}`, '.register-grid'],
    ['plc-controller', `/devices/plcController/${plc.box_id}/${plc.controller_id}`, '.register-grid'],
    ['maglev-controller', `/devices/maglev-controller/${maglev.box_id}/${maglev.controller_id}`, '.device-gauge canvas'],
    ['box', `/devices/box/${maglev.box_id}`, '.box-controllers'],
    ['history', `/devices/history/${compressor.box_id}/${compressor.controller_id}`, '.history-table tr.ant-table-row'],
    ['plc-history', `/devices/plcHistory/${plc.box_id}/${plc.controller_id}`, '.history-table tr.ant-table-row'],
    ['history-charts', `/devices/history-charts/${compressor.box_id}/${today}?controller=${compressor.controller_id}`, '.stacked-curves canvas'],
    ['maglev-charts', `/devices/maglev-charts/${maglev.box_id}/${today}?controller=${maglev.controller_id}&span=week`, '.stacked-curves canvas'],
    ['k-line', `/devices/k-line/${maglev.box_id}/${maglev.controller_id}`, '[data-chart="kline"] canvas'],
    ['error-record', `/devices/error-record/${maglev.box_id}/${maglev.controller_id}`, '.fault-table'],
    ['export-errors', '/devices/export-errors', '.fault-table tr.ant-table-row'],
    ['maglev-region', `/devices/maglev-region/${maglev.box_id}/${maglev.controller_id}`, '[data-chart="maglev-region"] canvas'],
    ['event-templates', '/devices/events/templates', '.event-rules tr.ant-table-row'],
    ['bg-screen', '/bigScreen/bg-screen', '.wall-map canvas'],
    ['bg-map', `/bigScreen/bg-map/${maglev.box_id}`, '.wall-map canvas'],
  ];
  const fault = faults.items[0];
  if (fault) screens.push(['error-details', `/devices/error-details/${fault.box_id}/${new Date(fault.started_at).getTime()}?controller=${fault.controller_id}`, '.error-details__record .ant-descriptions']);
  return screens;
}

async function showEach(page: Page, screens: readonly [string, string, string][], suffix: string): Promise<void> {
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await expect(page.locator(ready).first(), `${name} (${suffix})`).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(250);
    await keepScreenshot(page, `screen-${name}-${suffix}`);
  }
}

test.describe('every monitoring screen with live data', () => {
  test.setTimeout(150_000);

  for (const language of ['zh', 'en'] as const) {
    test(`in ${language} at desktop width`, async ({ page, request }) => {
      await useLanguage(page, language);
      await signIn(page, 'demo_root');
      await showEach(page, await monitoringScreens(page, request), language);
    });
  }

  test('at mobile width', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await signIn(page, 'demo_root');
    const screens = await monitoringScreens(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await showEach(page, screens.filter(([name]) => ['dashboard', 'devices-show', 'maglev-controller', 'k-line', 'bg-screen'].includes(name)), 'en-mobile');
  });
});
