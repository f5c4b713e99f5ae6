import { expect, test } from './support/test.js';
import { freshBoxId, registerBox, tokenOf, workbookRows } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

test.describe('inactive boxes and resets', () => {
  test('root finds a never-seen box, exports the check, and reboots an online demo box from the results until it acknowledges', async ({ page, request }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const silent = freshBoxId();
    await registerBox(request, await tokenOf(page), { id: silent });

    // Days 0: every box not heard from since now, the registered-but-never-seen one among them.
    await page.goto('/scripts/check-inactive');
    await page.locator('.check-inactive__days input').fill('0');
    await page.locator('.check-inactive__run').click();
    await expect(page.locator('.check-inactive__found')).toContainText('boxes found', { timeout: 30_000 });
    await expect(page.locator('.check-inactive__chart canvas')).toBeVisible();
    await page.locator('.check-inactive__search input').fill(silent);
    const silentRow = page.locator(`.check-inactive__table tr[data-box="${silent}"]`);
    await expect(silentRow).toContainText('Never seen');
    await expect(page.locator('.check-inactive__table tbody tr[data-box]')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.locator('.check-inactive__export').click();
    const rows = await workbookRows(await (await download).path());
    expect(rows[0]).toEqual(['Box ID', 'CK', 'IoT model', 'Owning unit', 'Owner', 'Last seen', 'Days silent', 'Registered', 'Online']);
    const exported = rows.find((cells) => cells[0] === silent);
    expect(exported?.[5]).toBe('Never seen');
    expect(exported?.[8]).toBe('No');
    const onlineBox = rows.slice(1).find((cells) => cells[8] === 'Yes')?.[0] as string | undefined;
    expect(onlineBox, 'an online demo box in the results').toBeDefined();

    await page.locator('.check-inactive__search input').fill(onlineBox!);
    const onlineRow = page.locator(`.check-inactive__table tr[data-box="${onlineBox}"]`);
    await onlineRow.locator('.ant-checkbox-input').check();
    await expect(page.locator('.check-inactive__selected')).toHaveText('1 selected');
    await page.locator('.check-inactive__search input').fill('');
    await keepScreenshot(page, 'check-inactive-root-en');
    await page.locator('.check-inactive__reboot').click();
    await expect(page.locator('.check-inactive__confirm')).toContainText('1 boxes will be told over MQTT to reboot');
    await page.locator('.check-inactive__confirm .ant-btn-primary').click();

    await expect(page).toHaveURL(/\/scripts\/reset-device\?job=\d+/);
    const job = page.locator('.job-run');
    await expect(job).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
    await expect(job.locator(`tr[data-item="${onlineBox}"]`)).toHaveAttribute('data-state', 'ok');
    const delivery = page.locator(`.reset-device__table tr[data-box="${onlineBox}"]`).first();
    await expect(delivery).toHaveAttribute('data-state', 'acked');
    await expect(delivery).toContainText('Reboot');
    await keepScreenshot(page, 'reset-device-root-en');
  });

  test('reset-device refuses a range that holds no box, in the user’s language', async ({ page }) => {
    await useLanguage(page, 'zh');
    await useSession(page, 'demo_root');
    await page.goto('/scripts/reset-device');
    await page.locator('.reset-device__target').getByText('盒子ID范围').click();
    await page.locator('.reset-device__start input, input.reset-device__start').fill('999999990');
    await page.locator('.reset-device__end input, input.reset-device__end').fill('999999999');
    await page.locator('.reset-device__submit').click();
    await page.locator('.reset-device__confirm .ant-btn-primary').click();
    await expect(page.getByText('没有匹配的已注册盒子：未发送任何指令')).toBeVisible();
    await keepScreenshot(page, 'reset-device-empty-range-zh');
  });
});
