import type { BoxCredential } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { readFile } from 'node:fs/promises';
import { boxSheet } from './support/box-sheets.js';
import { freshBoxId } from './support/devices.js';
import { keepScreenshot, useSession } from './support/session.js';

/** Picks the device type of a controller row of the register form. */
async function chooseDeviceType(page: Page, index: number, deviceType: string): Promise<void> {
  await page.locator('.box-registry-controller__type').nth(index).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="(${deviceType})"]`).click();
}

test.describe('box registration', () => {
  test.beforeEach(async ({ page }) => {
    await useSession(page, 'demo_root');
  });

  test('root registers a box in the console and sees its secret and QR label once; printing prints the label alone', async ({ page }) => {
    const boxId = freshBoxId();
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/box-reg-info/create');
    await page.locator('#box-create_id').fill(boxId);
    await page.locator('#box-create_ck').fill('1001');
    await page.locator('#box-create_model').fill('CB-4G');
    await chooseDeviceType(page, 0, 'maglev_blower');
    await page.locator('.box-create__add-controller').click();
    await chooseDeviceType(page, 1, 'generic_plc');
    await keepScreenshot(page, 'box-reg-create-800');
    await page.locator('.box-create__submit').click();

    const dialog = page.locator('.secret-dialog');
    await expect(dialog.locator('.box-label')).toHaveAttribute('data-box', boxId);
    await expect(dialog.locator('.box-label canvas')).toBeVisible();
    await expect(dialog.locator('.box-label__ck')).toContainText('1001');
    const secret = (await dialog.locator('.secret-dialog__secret').innerText()).trim();
    expect(secret).toMatch(/^[\w-]{43}$/);
    await keepScreenshot(page, 'box-reg-secret-800');

    // The credentials file is what the simulator reads for this box.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.locator('.secret-dialog__download').click()]);
    const credential = JSON.parse(await readFile((await download.path())!, 'utf8')) as BoxCredential;
    expect(credential).toEqual({
      id: boxId,
      secret,
      model: 'CB-4G',
      controllers: [
        { station: 1, deviceType: 'maglev_blower' },
        { station: 2, deviceType: 'generic_plc' },
      ],
    });

    // Printing: the browser's print dialog is replaced; in print media only the label shows.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await dialog.locator('.secret-dialog__print').click();
    await page.emulateMedia({ media: 'print' });
    await expect(dialog.locator('.box-label')).toBeVisible();
    await expect(dialog.locator('.secret-dialog__secret')).toBeHidden();
    await expect(page.locator('.sidebar-container')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // Closed, the secret is gone for good: the list shows the box, never its secret.
    await dialog.locator('.secret-dialog__close').click();
    await expect(dialog).toBeHidden();
    await page.goto('/box-reg-info/list');
    await page.locator('.box-registry-toolbar__keyword input').fill(boxId);
    await page.locator('.box-reg-list__search').click();
    const row = page.locator(`.box-reg-list__table tr[data-box="${boxId}"]`);
    await expect(row).toContainText('1:maglev_blower; 2:generic_plc');
    await expect(page.locator('body')).not.toContainText(secret);
    await keepScreenshot(page, 'box-reg-list-800');

    // A new secret is shown once too, and differs.
    await row.locator('.box-reg-list__rotate').click();
    await page.locator('.box-reg-list__rotate-confirm .ant-btn-primary').click();
    await expect(dialog.locator('.box-label')).toHaveAttribute('data-box', boxId);
    await expect(dialog.locator('.secret-dialog__secret')).not.toHaveText(secret);
  });

  test('a bad sheet gets a report of every bad row in the user language, and registers nothing', async ({ page }) => {
    const [good, other] = [freshBoxId(), `${freshBoxId()}1`];
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/smartbox/upload');
    const [template] = await Promise.all([page.waitForEvent('download'), page.locator('.box-upload__template').click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await boxSheet([
      { id: good, ck: '1001', controllers: '1:maglev_blower' },
      { id: 'A-17', ck: '1001', controllers: '1:maglev_blower' },
      { id: other, ck: '9999', controllers: '1:maglev_blower' },
      { id: good, ck: '1001', controllers: '1:toaster' },
    ]);
    await page.locator('.box-upload__dragger input[type=file]').setInputFiles({ name: 'boxes.xlsx', mimeType: 'application/octet-stream', buffer: sheet });

    const report = page.locator('.box-upload__errors');
    await expect(report.locator('tr[data-row="3"][data-column="id"]')).toContainText('盒子ID必须为1-32位数字');
    await expect(report.locator('tr[data-row="4"][data-column="ck"]')).toContainText('未知的CK码：9999');
    await expect(report.locator('tr[data-row="5"][data-column="id"]')).toContainText(`盒子${good}在文件中出现多次（另见第2行）`);
    await expect(report.locator('tr[data-row="5"][data-column="controllers"]')).toContainText('未知的设备类型：toaster');
    await expect(page.locator('.box-upload__report .ant-alert')).toContainText('未注册任何盒子');
    await keepScreenshot(page, 'box-upload-report-800');

    // Nothing of it was registered: the good first row neither.
    await page.goto('/box-reg-info/list');
    await page.locator('.box-registry-toolbar__keyword input').fill(good);
    await page.locator('.box-reg-list__search').click();
    await expect(page.locator('.box-reg-list__table .ant-empty')).toBeVisible();
  });

  test('root gives a range of unowned boxes to a distributor; a reversed range is refused at the field', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/smartbox/box-assign');
    await page.locator('#box-assign_ck').fill('1001');
    await page.locator('.box-assign__target').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'demo_region' }).click();
    await page.locator('#box-assign_start_id').fill('900000020');
    await page.locator('#box-assign_end_id').fill('900000010');
    await page.locator('.box-assign__submit').click();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveText('结束盒子ID不能小于起始盒子ID');
    await keepScreenshot(page, 'box-assign-800');

    const base = freshBoxId();
    const [first, second] = [`${base}1`, `${base}2`];
    await page.goto('/smartbox/upload');
    await page.locator('.box-upload__dragger input[type=file]').setInputFiles({
      name: 'boxes.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await boxSheet([first, second].map((id) => ({ id, ck: '1001', controllers: '1:generic_plc' }))),
    });
    await expect(page.locator('.box-upload__done')).toContainText('已注册 2 个盒子');
    await page.goto('/smartbox/box-assign');
    await page.locator('#box-assign_ck').fill('1001');
    await page.locator('.box-assign__target').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'demo_region' }).click();
    await page.locator('#box-assign_start_id').fill(first);
    await page.locator('#box-assign_end_id').fill(second);
    await page.locator('.box-assign__submit').click();
    await expect(page.locator('.box-assign__result')).toContainText('已分配 2 个盒子');
  });
});
