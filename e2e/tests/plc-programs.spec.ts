import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/**
 * A box id range of the demo whose generic_plc controllers (three of them, on consecutive such
 * boxes) are all online: the delivery can end in this test's time, none waits for a box to return.
 */
async function onlinePlcRange(request: APIRequestContext, token: string): Promise<{ start: string; end: string; controllers: number }> {
  const devices = await listDevices(request, token, { page_size: '500', sort: 'box_id', order: 'asc' });
  const plcs = devices.items.filter((device) => device.device_type === 'generic_plc').sort((a, b) => Number(a.box_id) - Number(b.box_id));
  for (let index = 0; index + 3 <= plcs.length; index += 1) {
    const window = plcs.slice(index, index + 3);
    const last = window[2]!.box_id;
    const inRange = plcs.filter((device) => Number(device.box_id) >= Number(window[0]!.box_id) && Number(device.box_id) <= Number(last));
    if (inRange.every((device) => device.online)) return { start: window[0]!.box_id, end: last, controllers: inRange.length };
  }
  throw new Error('no three online demo PLC controllers');
}

test.describe('PLC programs', () => {
  test('root uploads a program, delivers it to online demo PLC controllers, watches the job reach 100 % and reads the deliveries done', async ({ page }) => {
    test.setTimeout(180_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const range = await onlinePlcRange(page.request, await tokenOf(page));

    const content = randomBytes(40 * 1024);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const version = `e2e.${Date.now()}`;
    await page.goto('/plcProgram/plc-program-upload');
    await page
      .locator('.plc-program-upload__file input[type=file]')
      .setInputFiles({ name: 'conveyor.bin', mimeType: 'application/octet-stream', buffer: content });
    // Size and checksum show before anything is sent.
    await expect(page.locator('.plc-program-upload__size')).toHaveText('40.0 KB');
    await expect(page.locator('.plc-program-upload__sha256')).toContainText(sha256);
    await page.locator('.plc-program-upload__model').click();
    await page
      .locator('.ant-select-dropdown .ant-select-item-option[title*="generic_plc"], .ant-select-dropdown .ant-select-item-option:has-text("generic_plc")')
      .first()
      .click();
    await page.locator('.plc-program-upload__version').fill(version);
    await page.locator('.plc-program-upload textarea').fill('conveyor speed profile');
    await keepScreenshot(page, 'plc-program-upload-en');
    await page.locator('.plc-program-upload__submit').click();
    await expect(page.locator('.plc-program-upload__result')).toHaveAttribute('data-sha256', sha256);
    await page.locator('.plc-program-upload__to-list').click();

    const row = page.locator(`.plc-program-list__table tr[data-program="conveyor ${version}"]`);
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'plc-program-list-en');
    await row.locator('.plc-program-list__deliver').click();
    await page.locator('.plc-program-deliver__start').fill(range.start);
    await page.locator('.plc-program-deliver__end').fill(range.end);
    await page.locator('.plc-program-deliver__submit').click();

    const run = page.locator('.plc-program-deliver .job-run');
    await expect(run).toBeVisible();
    await expect(run.locator('.job-progress')).toHaveAttribute('data-percent', '100', { timeout: 120_000 });
    await expect(run).toHaveAttribute('data-state', 'done');
    await expect(run.locator('.job-progress')).toContainText(`${range.controllers}/${range.controllers}`);
    await keepScreenshot(page, 'plc-program-deliver-en');

    await page.locator('.plc-program-deliver__records').click();
    await expect(page.locator('.plc-program-deliver .job-run')).toBeHidden();
    const records = page.locator('.plc-program-record__table tr[data-box]');
    await expect(records).toHaveCount(range.controllers);
    await expect(page.locator('.plc-program-record__table tr[data-state="done"]')).toHaveCount(range.controllers);
    for (const bar of await page.locator('.plc-program-record__table .plc-delivery__progress').all()) await expect(bar).toHaveAttribute('data-percent', '100');
    await expect(page.locator('.plc-program-record__live')).toHaveCount(0);
    await keepScreenshot(page, 'plc-program-record-en');
  });
});
