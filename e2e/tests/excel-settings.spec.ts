import type { ExcelSettings, ExportColumnSetting } from '@cloudbox/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { tokenOf, workbookRows } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** The device list's settings of the signed-in manufacturer's company, its headers in English as the page shows them. */
async function deviceListSetting(request: APIRequestContext, token: string): Promise<ExportColumnSetting> {
  const response = await request.get('/api/v2/excel-settings', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } });
  const settings = ((await response.json()) as { data: ExcelSettings }).data;
  return settings.exports.find((entry) => entry.export === 'device_list')!;
}

test.describe('excel settings', () => {
  test('a manufacturer drops a column of the device list and moves another to the front; the export follows, then the default is back', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_maker');
    const token = await tokenOf(page);
    // A run on a kept data directory starts from the default too.
    expect((await request.delete('/api/v2/excel-settings/device_list', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    const before = await deviceListSetting(request, token);
    const label = (key: string) => before.available.find((column) => column.key === key)!.label;

    await page.goto('/msg/excel-settings');
    const editor = page.locator('.excel-columns[data-export="device_list"]');
    await expect(editor.locator('.excel-columns__state')).toHaveText('Default');
    await expect(page.locator('.excel-settings__tabs .ant-tabs-tab')).toHaveText(['Device list', 'Fault records', 'Expired SIMs', 'Operation log']);

    // The CK code out, the owner unit first.
    await editor.locator('.excel-column[data-column="ck"] .excel-column__check').click();
    await editor.locator('.excel-column[data-column="owner_unit"] .excel-column__front').click();
    const expected = ['owner_unit', ...before.columns.filter((key) => key !== 'ck' && key !== 'owner_unit')];
    await expect(editor.locator('.excel-preview__cell')).toHaveText(expected.map(label));
    await keepScreenshot(page, 'excel-settings-device-list-en');
    await editor.locator('.excel-columns__save').click();
    await expect(page.locator('.ant-message')).toContainText('Columns of “Device list” saved');
    await expect(editor.locator('.excel-columns__state')).toHaveText('Customized');
    expect((await deviceListSetting(request, token)).columns).toEqual(expected);

    // The device list's export holds those columns in that order.
    await page.goto('/devices/devices-show');
    const exportButton = page.locator('.devices-show__buttons .export-button');
    await expect(exportButton).toBeEnabled({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await exportButton.click();
    const rows = await workbookRows(await (await download).path());
    expect(rows[0]).toEqual(expected.map(label));
    expect(rows.length).toBeGreaterThan(1);

    // Back to the default.
    await page.goto('/msg/excel-settings');
    await editor.locator('.excel-columns__reset').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.ant-message')).toContainText('“Device list” is back to its default columns');
    await expect(editor.locator('.excel-columns__state')).toHaveText('Default');
    await expect(editor.locator('.excel-preview__cell').first()).toHaveText(label('box_id'));
    await keepScreenshot(page, 'excel-settings-reset-en');
    expect(await deviceListSetting(request, token)).toMatchObject({ is_default: true, columns: before.columns });
  });

  test('root picks a company first, and an empty choice cannot be saved', async ({ page }) => {
    await useLanguage(page, 'zh');
    await useSession(page, 'demo_root');
    await page.goto('/msg/excel-settings');
    await expect(page.locator('.excel-settings__pick')).toContainText('请先选择公司');
    await page.locator('.excel-settings__company').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '1001' }).click();
    await page.locator('.excel-settings__tabs .ant-tabs-tab').filter({ hasText: '操作日志' }).click();
    const editor = page.locator('.excel-columns[data-export="operation_log"]');
    const checked = editor.locator('.excel-column__check.ant-checkbox-wrapper-checked');
    while ((await checked.count()) > 0) await checked.first().click();
    await expect(editor.locator('.excel-columns__empty')).toContainText('请至少选择一列');
    await expect(editor.locator('.excel-columns__save')).toBeDisabled();
    await keepScreenshot(page, 'excel-settings-root-empty-zh');
  });
});
