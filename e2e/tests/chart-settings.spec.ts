import { MAGLEV_BLOWER, type DeviceTypeCharts, type OperationLogEntry, type Page as ListPage, type StopStateSetting } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

const R = MAGLEV_BLOWER;

/** Types into an input by its class (antd puts the class on the input or on its wrapper). */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(`input${selector}, ${selector} input`).first().fill(value);
}

/** Picks an option of an antd select by typing part of its label. */
async function choose(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(`${selector} .ant-select-selector, ${selector}.ant-select`).first().click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** A PUT or DELETE of the API as root, for the cleanup: the run's other specs see the demo's charts as they were. */
async function send(request: APIRequestContext, token: string, method: 'PUT' | 'DELETE', path: string, data?: unknown): Promise<void> {
  const response = await request.fetch(`/api/v2${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), path).toBe(200);
}

test.describe('chart settings', () => {
  test('root adds a banded gauge, a stacked chart and edits the stop state; the live and curves pages draw them', async ({ page, request }) => {
    // Six screens and three device pages, each loaded cold.
    test.setTimeout(180_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const [device] = (await listDevices(request, token, { model: 'maglev_blower', status: 'online', page_size: '1' })).items;
    expect(device).toBeDefined();
    const [before] = await api<StopStateSetting[]>(request, token, '/chart-settings/stop-states?device_type=maglev_blower');

    // A gauge with colour bands: a bad scale is refused beside its field, nothing saved.
    await page.goto('/chartsManage/add-gauge-chart?device_type=maglev_blower');
    await choose(page, '.gauge-form__register', 'Vibration velocity');
    await fill(page, '.localized-title__en', 'E2E vibration');
    await fill(page, '.gauge-form__min', '5');
    await fill(page, '.gauge-form__max', '5');
    await page.locator('.gauge-form__save').click();
    await expect(page.locator('.gauge-form .ant-form-item-explain-error')).toContainText(['The scale’s maximum must be greater than its minimum.']);
    await fill(page, '.gauge-form__min', '0');
    await fill(page, '.gauge-form__max', '10');
    for (const [index, to] of ['2.8', '4.5', '10'].entries()) {
      await page.locator('.gauge-form__add-band').click();
      await fill(page, `.gauge-band[data-band="${index}"] .gauge-band__to`, to);
    }
    await expect(page.locator('.chart-form__preview canvas')).toBeVisible();
    await keepScreenshot(page, 'chart-settings-gauge-form-en');
    await page.locator('.gauge-form__save').click();
    await expect(page).toHaveURL(/\/chartsManage\/gauge-charts$/);
    const card = page.locator('.gauge-card', { hasText: 'E2E vibration' });
    await expect(card).toContainText('Magnetic-levitation blower · E2E vibration');
    await expect(card.locator('.gauge-bands__swatch')).toHaveCount(3);
    await expect(card.locator('canvas')).toBeVisible();
    await keepScreenshot(page, 'chart-settings-gauges-en');
    const charts = await api<DeviceTypeCharts>(request, token, '/device-types/maglev_blower/charts');
    const gauge = charts.gauges.find((entry) => entry.register === R.vibration)!;
    expect(gauge).toMatchObject({
      title: 'E2E vibration',
      min: 0,
      max: 10,
      bands: [
        { to: 2.8, color: '#52c41a' },
        { to: 4.5, color: '#faad14' },
        { to: 10, color: '#f5222d' },
      ],
    });

    // The live page of a demo blower draws it, with the seeded ones.
    await page.goto(`/devices/maglev-controller/${device!.box_id}/${device!.controller_id}`);
    const live = page.locator(`.device-gauge[data-gauge="${gauge.id}"]`);
    await expect(live.locator('canvas')).toBeVisible();
    await expect(live.locator('[data-chart="E2E vibration"]')).toBeVisible();
    await expect(page.locator('.device-gauge')).toHaveCount(charts.gauges.length);
    await live.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'chart-settings-live-gauges-en');

    // The big screen's map of the box shows its controller's gauges.
    await page.goto(`/bigScreen/bg-map/${device!.box_id}`);
    await expect(page.locator(`.wall-gauges [data-chart="E2E vibration"] canvas`)).toBeVisible();
    // Its title is the caption under it, cut with an ellipsis where the tile is narrow, whole on hover.
    await expect(page.locator('.wall-gauges__title', { hasText: 'E2E vibration' })).toHaveAttribute('title', 'E2E vibration');
    // The box's state reads light on the dark wall, as its other facts do.
    await expect(page.locator('.wall .ant-badge-status-text').first()).toHaveCSS('color', 'rgb(201, 214, 234)');
    // The tests' browser asks for reduced motion: the needles are drawn at their values, no swing to wait for.
    await keepScreenshot(page, 'chart-settings-big-screen-en');

    // A stacked chart of three temperatures: drawn stacked on the curves page.
    await page.goto('/chartsManage/add-stacked-chart?device_type=maglev_blower');
    await fill(page, '.localized-name__zh', '轴承与绕组温度');
    await fill(page, '.localized-name__en', 'E2E temperatures');
    for (const name of ['Front bearing temperature', 'Rear bearing temperature', 'Motor winding temperature'])
      await choose(page, '.stacked-form__registers', name);
    await page.keyboard.press('Escape');
    await keepScreenshot(page, 'chart-settings-stacked-form-en');
    await page.locator('.stacked-form__save').click();
    await expect(page).toHaveURL(/\/chartsManage\/stacked-charts$/);
    await expect(page.locator('.stacked-charts__table')).toBeVisible();
    const row = page.locator('.stacked-charts__table tr', { hasText: 'E2E temperatures' });
    await expect(row).toContainText('Motor winding temperature');
    await keepScreenshot(page, 'chart-settings-stacked-en');
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    await page.goto(`/devices/maglev-charts/${device!.box_id}/${today}?controller=${device!.controller_id}`);
    await page.locator('.device-curves__view').getByText('Stacked charts').click();
    const stacked = page.locator('.type-stacked-chart', { hasText: 'E2E temperatures' });
    await expect(stacked.locator('canvas')).toBeVisible();
    await keepScreenshot(page, 'chart-settings-curves-stacked-en');

    // The stop state: the seeded one is filled in; now "stopped while the speed is below 100 rpm".
    await page.goto('/chartsManage/stop-status');
    await page.locator('.stop-status__table tr[data-type="maglev_blower"] .stop-edit').click();
    await expect(page.locator('.stop-form__register')).toContainText('Run state');
    await choose(page, '.stop-form__register', 'Motor speed');
    await choose(page, '.stop-form__type', 'Threshold');
    await fill(page, '.stop-form__value', '100');
    await page.locator('.stop-form__note textarea, textarea.stop-form__note').first().fill('E2E: below 100 rpm');
    await keepScreenshot(page, 'chart-settings-stop-form-en');
    await page.locator('.stop-form__save').click();
    await expect(page).toHaveURL(/\/chartsManage\/stop-status$/);
    await expect(page.locator('.stop-status__table')).toBeVisible();
    await expect(page.locator('.stop-status__table tr[data-type="maglev_blower"]')).toContainText('value < 100');
    await keepScreenshot(page, 'chart-settings-stop-en');
    // The API speaks the default language (zh) to a request without one.
    expect((await api<DeviceTypeCharts>(request, token, '/device-types/maglev_blower/charts')).stop_state).toEqual({
      register: R.speed,
      register_name: '电机转速',
      condition: { type: 'threshold', op: '<', value: 100 },
      note: 'E2E: below 100 rpm',
    });

    // The type's charts together, in Chinese; every change is in the operation log.
    await useLanguage(page, 'zh');
    await page.goto('/device-type/chart');
    await choose(page, '.type-chart__type', '磁悬浮鼓风机');
    await expect(page.locator('.gauge-card', { hasText: 'E2E vibration' })).toBeVisible();
    await expect(page.locator('.type-chart__stacked')).toContainText('轴承与绕组温度');
    await expect(page.locator('.type-chart__stop')).toContainText('值 < 100');
    await keepScreenshot(page, 'chart-settings-type-chart-zh');
    const logged = await api<ListPage<OperationLogEntry>>(request, token, '/operation-logs?page_size=20');
    expect(logged.items.map((entry) => entry.action)).toEqual(expect.arrayContaining(['add_gauge', 'add_stacked_chart', 'set_stop_state']));

    // Back as the demo had them.
    const stackedId = (await api<DeviceTypeCharts>(request, token, '/device-types/maglev_blower/charts')).stacked_charts.find(
      (chart) => chart.name === '轴承与绕组温度',
    )!.id;
    await send(request, token, 'DELETE', `/chart-settings/gauges/${gauge.id}`);
    await send(request, token, 'DELETE', `/chart-settings/stacked-charts/${stackedId}`);
    await send(request, token, 'PUT', '/chart-settings/stop-states/maglev_blower', {
      register: before!.register,
      condition: before!.condition,
      note: before!.note,
    });
  });
});
