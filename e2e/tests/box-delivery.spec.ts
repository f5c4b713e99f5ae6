import type { DeviceItem, Page as ListPage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/**
 * What is sent to and counted from boxes (smartbox screens, root), against the demo server whose
 * simulated boxes answer over MQTT: a server address acknowledged, the IP log, target software and
 * the boxes that differ, the data usage chart, a box model's configuration file sent and acknowledged.
 * One signed-in page of demo_root, 800 px wide, for the whole file.
 */
test.describe.configure({ mode: 'serial' });

test.describe('box delivery', () => {
  let page: Page;
  let token: string;
  let boxId: string;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US', viewport: { width: 800, height: 900 } });
    page = await context.newPage();
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    token = await tokenOf(page);
    // A simulated box that is online now (the simulator keeps most demo boxes connected).
    const online = await api<ListPage<DeviceItem>>(page.request, token, '/devices?status=online&page_size=1');
    boxId = online.items[0]!.box_id;
  });
  test.afterAll(() => page.context().close());

  test('sets a box’s server address and sees the box acknowledge it', async () => {
    await page.goto('/smartbox/ip-config');
    await page.locator('.ip-config__boxes').fill(boxId);
    await page.locator('.ip-config__address').fill('e2e.example.com:1883');
    await page.locator('.ip-config__submit').click();
    const row = page.locator(`.ip-config__table tr[data-box="${boxId}"]`);
    await expect(row).toContainText('e2e.example.com:1883');
    await expect(row.locator('[data-state="acked"]')).toBeVisible({ timeout: 20_000 });
    await keepScreenshot(page, 'box-delivery-ip-config-800');

    await page.locator('.ip-config__address').fill('not an address!');
    await page.locator('.ip-config__boxes').fill(boxId);
    await page.locator('.ip-config__submit').click();
    await expect(page.getByText('The server address must be a host name or IP address', { exact: false }).first()).toBeVisible();
  });

  test('sees the IP log of the box', async () => {
    await page.goto('/smartbox/ip-log');
    await page.locator('.ip-log__box input').fill(boxId);
    await page.locator('.ip-log__search').click();
    const rows = page.locator('.ip-log__table tr[data-box]');
    // Until the search's answer comes, the rows shown may be those from before it.
    await expect.poll(async () => [...new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-box'))))]).toEqual([boxId]);
    await keepScreenshot(page, 'box-delivery-ip-log-800');
  });

  test('sets a target software for a company and filters the boxes that differ', async () => {
    await page.goto('/smartbox/box-software');
    const company = page.locator('.software-targets tr[data-ck="1001"]');
    await company.locator('.software-targets__edit').click();
    await company.locator('.software-targets__input').fill('CB-OS 9.9.9');
    await company.locator('.software-targets__save').click();
    await expect(company).toContainText('CB-OS 9.9.9');
    await page.locator('.box-software__differs').click();
    const rows = page.locator('.box-software__table tr[data-box]');
    // Until the filtered answer comes, the rows shown may be those from before it.
    await expect.poll(async () => [...new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-differs'))))]).toEqual(['true']);
    await keepScreenshot(page, 'box-delivery-box-software-800');
  });

  test('uploads a configuration for a box model and sees it delivered to the model’s boxes', async () => {
    // On the box-software screen the previous test left: the simulated boxes say they are CB-4G in their hello.
    await page.locator('.box-models__name').fill('CB-4G');
    await page.locator('.box-models__add').click();
    const model = page.locator('.box-models tr[data-model="CB-4G"]');
    await model.locator('[data-language="en"] .box-models__upload').click();
    await expect(page).toHaveURL(/\/smartbox\/config\/upload\/\d+\/en$/);

    const content = JSON.stringify({ poll: [{ station: 1, registers: [1, 2, 3], interval_s: 5 }] }, null, 2);
    await page.locator('.config-upload input[type="file"]').setInputFiles({ name: 'cb-4g.json', mimeType: 'application/json', buffer: Buffer.from(content) });
    await expect(page.locator('.config-versions tr[data-version="1"]')).toContainText('cb-4g.json');
    await page.locator('.config-upload__send').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.config-deliveries tr[data-state="acked"]').first()).toBeVisible({ timeout: 20_000 });
    await keepScreenshot(page, 'box-delivery-config-upload-800');

    await page.goto(page.url().replace('/upload/', '/protocol/'));
    await expect(page.locator('.config-protocol__content')).toContainText('"interval_s": 5');
    await keepScreenshot(page, 'box-delivery-config-protocol-800');

    await page.goto('/smartbox/config/upload/1/fr');
    await expect(page.locator('.config-page__bad')).toBeVisible();
  });

  test('sees the data usage counted at ingest as a daily chart and by month', async () => {
    // Usage is written every few seconds: the boxes' traffic since start is there by now, or soon.
    await expect.poll(async () => (await api<ListPage<unknown>>(page.request, token, '/box-usage')).total, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.goto('/smartbox/box-dws');
    await page.locator('.box-dws__table tr[data-box]').first().click();
    await expect(page.locator('[data-chart="box-usage"]')).toBeVisible();
    await expect(page.locator('.box-dws__months .ant-table-row').first()).toBeVisible();
    await page.locator('[data-chart="box-usage"]').scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'box-delivery-box-dws-800');
  });

  test('shows this month’s usage as the device flow of the box page', async () => {
    await page.goto(`/devices/box/${boxId}`);
    await expect(page.getByText('Device flow (this month)')).toBeVisible();
  });
});
