import { encodeRegister, findRegister, formatMessage, getDeviceType, MAGLEV_BLOWER } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, connectBox, freshBoxId, listDevices, publishSamples, registerBox, speedsRolledUp, tokenOf, workbookRows } from './support/devices.js';
import { holdReplies, keepScreenshot, openFromSidebar, signIn, useLanguage, useSession } from './support/session.js';

const HOUR = 3_600_000;

/**
 * The pagination's total as a whole number: while a filtered page loads, the previous page and its
 * total stay, and "共 49 条" must not match the previous "共 496 条".
 */
const totalOf = (count: number) => new RegExp(`(^|\\D)${count}(\\D|$)`);

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
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(totalOf(online.total));
    for (const status of await listRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))))
      expect(status?.startsWith('online')).toBe(true);

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

    // The row's other screens are behind its "more" button, its menu made on the first click.
    await listRows(page).first().locator('.device-more').click();
    await page.locator('.ant-dropdown a[data-screen="box"]').click();
    await expect(page).toHaveURL(new RegExp(`/devices/box/${target.box_id}$`));
  });

  test('shows a box going online and offline without a reload', async ({ page, request, baseURL }) => {
    await useSession(page, 'demo_root');
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
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    await page.goto('/devices/devices-show?model=generic_plc&expiry=this_month');
    const expected = await listDevices(request, token, { model: 'generic_plc', expiry: 'this_month', page_size: '500' });
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(totalOf(expected.total));
    // Held back until the progress dialog has been seen, before the file is.
    const release = await holdReplies(page, '**/api/v2/devices/export?**');
    const download = page.waitForEvent('download');
    await page.locator('.devices-show .export-button').click();
    await expect(page.locator('.export-progress .export-progress__detail')).toBeVisible();
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await workbookRows(await file.path());
    expect(rows.length - 1).toBe(expected.total);
    // The server says how many rows it will write before it writes them.
    const announced = await request.get('/api/v2/devices/export?model=generic_plc&expiry=this_month', { headers: { Authorization: `Bearer ${token}` } });
    expect(announced.headers()['x-export-rows']).toBe(String(expected.total));
    expect(
      rows
        .slice(1)
        .map((row) => String(row[0]))
        .sort(),
    ).toEqual(expected.items.map((item) => item.box_id).sort());
  });
});

test.describe('device screens', () => {
  test('writes a parameter: confirmed, acked by the box, and in the operation log', async ({ page, request }) => {
    await useSession(page, 'demo_root');
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
    // Enter submits the dialog once: one confirmation, not one per listener.
    await input.press('Enter');
    await expect(page.locator('.write-confirm')).toHaveCount(1);
    await page.waitForTimeout(300);
    await expect(page.locator('.write-confirm')).toHaveCount(1);
    await page.locator('.write-confirm .ant-btn-primary').click();
    await expect(setPoint.locator('.command-tag[data-state="acked"]')).toBeVisible({ timeout: 30_000 });
    await expect(setPoint.locator('.register-value__text')).toHaveText(/15000/, { timeout: 20_000 });
    await keepScreenshot(page, 'write-acked-zh');

    const log = await api<{
      items: { id: number; action: string; old_value: string | null; new_value: string | null; register: number | null; register_name: string | null }[];
    }>(request, token, `/operation-logs?box_id=${device!.box_id}`);
    const entry = log.items.find((candidate) => candidate.register === MAGLEV_BLOWER.speedSetPoint && candidate.new_value?.startsWith('15000'));
    expect(entry).toBeDefined();

    // The write flow's link opens the operation log screen, where the entry reads as the server has it.
    await page.locator('.device-live__oplog a').click();
    await expect(page).toHaveURL(/\/datalog\/operation-log$/);
    await page.locator('.operation-log__box input').fill(device!.box_id);
    await page.locator('.operation-log__box input').press('Enter');
    const row = page.locator(`.operation-log__table tr[data-log="${entry!.id}"]`);
    await expect(row.locator('.operation-log__user')).toHaveText('demo_root');
    await expect(row.locator('[data-action="modify_parameter"]')).toHaveText('修改参数');
    await expect(row.locator('.operation-log__register')).toHaveText(entry!.register_name!);
    await expect(row.locator('.operation-log__old')).toHaveText(entry!.old_value ?? '—');
    await expect(row.locator('.operation-log__new')).toHaveText(entry!.new_value!);
    await keepScreenshot(page, 'operation-log-zh');
  });

  test('the live screen shows the box connecting and leaving at once, not at the next poll', async ({ page, request, baseURL }) => {
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const secret = await registerBox(request, token, { id: boxId });
    await page.goto(`/devices/maglev-controller/${boxId}/1`);
    const state = page.locator('.device-header .status-dot');
    await expect(state).toHaveAttribute('data-state', 'offline');
    // The detail is polled every 30 s: within 5 s only the WebSocket's events can have told it.
    const box = await connectBox(baseURL!, boxId, secret);
    await expect(state).toHaveAttribute('data-state', 'online', { timeout: 5000 });
    await box.endAsync();
    await expect(state).toHaveAttribute('data-state', 'offline', { timeout: 5000 });
  });

  test('shows hourly candles of a known series with the right open, high, low and close', async ({ page, request, baseURL }) => {
    await useSession(page, 'demo_root');
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
    await speedsRolledUp(request, token, boxId, hour, series.length);

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

  test.describe('in a browser of another time zone', () => {
    test.use({ timezoneId: 'UTC' });

    /** As demo_root, a new box of the demo CK that has published these speeds (with other values, if given); its id and the CK's zone. */
    async function boxWithSpeeds(
      page: Page,
      request: APIRequestContext,
      baseURL: string,
      speeds: { ts: number; value: number }[],
      others: Record<string, number> = {},
    ) {
      await useSession(page, 'demo_root');
      const token = await tokenOf(page);
      const boxId = freshBoxId();
      const secret = await registerBox(request, token, { id: boxId });
      const { time_zone: zone } = await api<{ time_zone: string }>(request, token, `/devices/${boxId}`);
      const box = await connectBox(baseURL, boxId, secret);
      await publishSamples(
        box,
        boxId,
        speeds.map(({ ts, value }) => ({ ts, values: { ...others, [String(MAGLEV_BLOWER.speed)]: value } })),
      );
      await box.endAsync();
      return { boxId, zone };
    }

    test('labels a daily candle with the CK-local date the server bucketed it by', async ({ page, request, baseURL }) => {
      // 17:00 UTC: already the next day east of UTC+7 (Asia/Shanghai, the demo CK's zone).
      const start = Math.floor((Date.now() - 3 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR + 17 * HOUR;
      const { boxId, zone } = await boxWithSpeeds(
        page,
        request,
        baseURL!,
        [12_000, 14_000].map((value, index) => ({ ts: start + index * 600_000, value })),
      );
      await speedsRolledUp(request, await tokenOf(page), boxId, start - HOUR, 2);

      await page.goto(`/devices/k-line/${boxId}/1`);
      await page.locator('.device-kline__view').getByText('表格').click();
      const candle = page.locator('.kline-table tr[data-t]');
      await expect(candle).toHaveCount(1);
      const ckDate = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
      await expect(candle.locator('.kline-time')).toHaveText(ckDate);
      await expect(candle.locator('.kline-open')).toHaveText('12000');
    });

    test("shows a device's history, faults, fault details and its tab on the CK clock", async ({ page, request, baseURL }) => {
      const ts = Math.floor((Date.now() - HOUR) / 60_000) * 60_000;
      // The blower's fault flag (bit 3 of the status word) opens a fault record at that moment.
      const { boxId, zone } = await boxWithSpeeds(page, request, baseURL!, [{ ts, value: 12_345 }], { [String(MAGLEV_BLOWER.fault)]: 0b1000 });
      const ckTime = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(ts);
      expect(ckTime).not.toBe(new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' }).format(ts));

      await page.goto(`/devices/history/${boxId}/1`);
      await expect(page.locator('.history-table tr.ant-table-row').first().locator('td').first()).toHaveText(ckTime);

      await page.goto(`/devices/error-record/${boxId}/1`);
      const record = page.locator('.fault-table tr[data-fault]');
      await expect(record.locator('.fault-table__started')).toHaveText(ckTime);
      await keepScreenshot(page, 'error-record-utc-browser');
      await record.getByRole('link').last().click();
      await expect(page.locator('.error-details__record')).toContainText(ckTime);
      await expect(page.locator('.error-details__values tr.ant-table-row').first().locator('td').first()).toHaveText(ckTime);
      const details = page.locator(`.tags-view-item[data-path^="/devices/error-details/${boxId}/"]`);
      await expect(details).toHaveText(`故障详情 ${boxId}/${ckTime.slice(0, 16)}`);
      await expect(page).toHaveTitle(new RegExp(`${boxId}/${ckTime.slice(0, 16)}`));
      await keepScreenshot(page, 'error-details-utc-browser');
    });
  });

  test('exports the filtered fault records as a workbook', async ({ page, request }) => {
    await signIn(page, 'demo_root');
    const token = await tokenOf(page);
    await openFromSidebar(page, '/devices/export-errors');
    await page.locator('.fault-filter__severity').click();
    const filtered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/v2/faults' && url.searchParams.get('severity') === 'fault';
    });
    await page.locator('.ant-select-item-option').filter({ hasText: '故障' }).click();
    // The total the page was answered, not one read later: the demo's boxes keep opening faults.
    const shown = ((await (await filtered).json()) as { data: { total: number } }).data.total;
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(new RegExp(`(^|\\D)${shown}(\\D|$)`));
    const expected = await api<{ total: number }>(request, token, '/faults?severity=fault&page_size=1');
    expect(expected.total).toBeGreaterThanOrEqual(shown);
    const release = await holdReplies(page, '**/api/v2/faults/export?**');
    const download = page.waitForEvent('download');
    await page.locator('.export-errors .export-button').click();
    await expect(page.locator('.export-progress .export-progress__detail')).toBeVisible();
    await keepScreenshot(page, 'export-errors');
    release();
    const rows = await workbookRows(await (await download).path());
    expect(rows.length - 1).toBeGreaterThanOrEqual(expected.total);
    expect(rows.slice(1).every((row) => row[6] === '故障')).toBe(true);
  });

  test('error details show the whole window around a fault, its moment marked', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const secret = await registerBox(request, token, { id: boxId });
    const box = await connectBox(baseURL!, boxId, secret);
    // A sample every 10 s for two hours either side of an alert: a first page of 500 samples would end 37 minutes before it.
    const trip = Math.floor((Date.now() - 3 * HOUR) / 10_000) * 10_000;
    const samples = Array.from({ length: 1441 }, (_, index) => {
      const ts = trip - 2 * HOUR + index * 10_000;
      // Winding temperature in tenths of a degree: 150.0 °C from the trip on, over the alert's 130.
      return { ts, values: { [String(MAGLEV_BLOWER.speed)]: 12_000 + (index % 60), [String(MAGLEV_BLOWER.windingTemperature)]: ts >= trip ? 1500 : 800 } };
    });
    await publishSamples(box, boxId, samples);
    await box.endAsync();
    const faults = await api<{ items: { started_at: string }[] }>(request, token, `/devices/${boxId}/controllers/1/faults`);
    const time = new Date(faults.items[0]!.started_at).getTime();
    expect(time).toBe(trip);

    await page.goto(`/devices/error-details/${boxId}/${time}?controller=1`);
    await page.locator('.error-details__span').getByText('120', { exact: false }).click();
    const window = page.locator('.error-details__window');
    await expect.poll(async () => Number(await window.getAttribute('data-last'))).toBeGreaterThanOrEqual(trip + 110 * 60_000);
    expect(Number(await window.getAttribute('data-first'))).toBeLessThanOrEqual(trip - 110 * 60_000);
    await expect(page.locator('.error-details__values .error-details__at-fault')).toHaveCount(1);
    await keepScreenshot(page, 'error-details-window-zh');
  });

  test("the device head links the event rules of the device's type, read from the server", async ({ page, request }) => {
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const [device] = (await listDevices(request, token, { model: 'maglev_blower', page_size: '1' })).items;
    await page.goto(`/devices/maglev-controller/${device!.box_id}/${device!.controller_id}`);
    await page.locator('.device-header__screen[data-screen="events"]').click();
    await expect(page).toHaveURL(/\/devices\/events\/templates\?type=maglev_blower$/);
    await expect(page.locator('.event-templates__type')).toContainText('磁悬浮鼓风机');
    const rules = await api<{ rules: { id: number; message: string }[] }>(request, token, '/device-types/maglev_blower/event-rules');
    await expect(page.locator('.event-rules tr[data-rule]')).toHaveCount(rules.rules.length);
    const winding = page.locator(`.event-rules tr[data-register="${MAGLEV_BLOWER.windingTemperature}"]`);
    await expect(winding.locator('.event-rules__condition')).toHaveText('> 130 °C');
    await expect(winding.locator('.event-rules__message')).toHaveText('电机绕组温度过高');
    // Another type through the select: its own rules only.
    await page.locator('.event-templates__type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '通用PLC' }).click();
    await expect(page).toHaveURL(/type=generic_plc$/);
    const plc = await api<{ rules: { id: number }[] }>(request, token, '/device-types/generic_plc/event-rules');
    await expect(page.locator('.event-rules tr[data-rule]')).toHaveCount(plc.rules.length);
    await expect(page.locator(`.event-rules tr[data-rule="${plc.rules[0]!.id}"]`)).toBeVisible();
  });

  test('zooming into a year of curves fetches the zoomed days in detail', async ({ page, request }) => {
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const [device] = (await listDevices(request, token, { model: 'maglev_blower', status: 'online', page_size: '1' })).items;
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    await page.goto(`/devices/maglev-charts/${device!.box_id}/${today}?controller=${device!.controller_id}&span=year`);
    const curves = page.locator('.device-curves .stacked-curves');
    await expect(curves.locator('canvas').first()).toBeVisible();
    await expect(curves).toHaveAttribute('data-points', /^[1-9]\d*$/);
    const overview = Number(await curves.getAttribute('data-points'));
    // Wheel zoom at the end of the year, where the demo's week of history is: a step narrows the window by a tenth.
    const box = (await curves.locator('canvas').first().boundingBox())!;
    await page.mouse.move(box.x + box.width - 26, box.y + 120);
    for (let step = 0; step < 45; step++) await page.mouse.wheel(0, -400);
    await expect.poll(async () => Number(await curves.getAttribute('data-points')), { timeout: 20_000 }).toBeGreaterThan(overview * 2);
    await keepScreenshot(page, 'curves-zoomed-zh');
  });

  test('a :time that names no day or instant lands on the 404 page', async ({ page }) => {
    await useSession(page, 'demo_root');
    for (const path of ['/devices/history-charts/1/20261399', '/devices/maglev-charts/1/20250229', '/devices/error-details/1/20261122']) {
      await page.goto(path);
      await expect(page.locator('.error-page[data-status="404"]'), path).toBeVisible();
    }
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
    ['event-templates', '/devices/events/templates?type=maglev_blower', '.event-rules tr.ant-table-row'],
    ['operation-log', '/datalog/operation-log', '.operation-log__table .ant-table'],
    ['bg-screen', '/bigScreen/bg-screen', '.wall-map canvas'],
    ['bg-map', `/bigScreen/bg-map/${maglev.box_id}`, '.wall-map canvas'],
  ];
  const fault = faults.items[0];
  if (fault)
    screens.push([
      'error-details',
      `/devices/error-details/${fault.box_id}/${new Date(fault.started_at).getTime()}?controller=${fault.controller_id}`,
      '.error-details__record .ant-descriptions',
    ]);
  return screens;
}

/** Once the page's fonts are in and two frames have been painted after that: what the screenshot then shows is drawn. */
function settled(page: Page): Promise<void> {
  return page.evaluate(() =>
    document.fonts.ready.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
  );
}

async function showEach(page: Page, screens: readonly [string, string, string][], suffix: string): Promise<void> {
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await expect(page.locator(ready).first(), `${name} (${suffix})`).toBeVisible({ timeout: 20_000 });
    await settled(page);
    await keepScreenshot(page, `screen-${name}-${suffix}`);
  }
}

test.describe('every monitoring screen with live data', () => {
  test.setTimeout(150_000);

  for (const language of ['zh', 'en'] as const) {
    test(`in ${language} at desktop width`, async ({ page, request }) => {
      await useLanguage(page, language);
      await useSession(page, 'demo_root');
      await showEach(page, await monitoringScreens(page, request), language);
    });
  }

  test('at mobile width', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const screens = await monitoringScreens(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await showEach(
      page,
      screens.filter(([name]) =>
        [
          'dashboard',
          'devices-show',
          'maglev-controller',
          'k-line',
          'maglev-charts',
          'error-details',
          'event-templates',
          'operation-log',
          'bg-screen',
          'bg-map',
        ].includes(name),
      ),
      'en-mobile',
    );
    // bg-map's two columns give way to one below 992 px, as the other walls do.
    await page.goto(screens.find(([name]) => name === 'bg-map')![1]);
    const columns = await page.locator('.bg-map__grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
  });
});
