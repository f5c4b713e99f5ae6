import type { DeviceTypeAdminItem, OperationLogEntry, Page as ListPage, ProtocolView } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, tokenOf } from './support/devices.js';
import { protocolSheet, type ProtocolRow } from './support/protocol-sheets.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A type id nobody has, so reruns on a kept data directory do not collide. */
const typeId = `e2e_mb_${Date.now() % 100_000}`;

/** A 40-register blower protocol in one language: temperatures, pressures, a float, status bits and set points. */
function protocolRows(language: 'zh' | 'en'): ProtocolRow[] {
  const words =
    language === 'zh'
      ? { temperature: '温度', pressure: '压力', state: '运行状态', stop: '0=停机;1=运行', set: '设定' }
      : { temperature: 'Temperature', pressure: 'Pressure', state: 'Run state', stop: '0=Stopped;1=Running', set: 'Set point' };
  return Array.from({ length: 40 }, (_, index) => {
    const number = index + 1;
    if (number <= 20) return [number, `${words.temperature} ${number}`, '°C', 'int16', '', '', 1, 'number', '', '', '', '', ''];
    if (number <= 30) return [number, `${words.pressure} ${number}`, 'kPa', 'uint16', '', 0.01, 2, 'number', '', '', '', '', ''];
    if (number === 31) return [number, `${words.pressure} float`, 'kPa', 'float32', 'little', '', 2, 'number', '', '', '', '', ''];
    if (number <= 35)
      return [
        number,
        `${words.state} ${number}`,
        '',
        'bit',
        '',
        '',
        0,
        'enum',
        `0x${(1 << (number - 32)).toString(16).padStart(4, '0')}`,
        words.stop,
        '',
        '',
        '',
      ];
    return [number, `${words.set} ${number}`, 'rpm', 'uint16', '', '', 0, 'number', '', '', language === 'zh' ? '是' : 'yes', 0, 40000];
  });
}

async function upload(page: Page, buffer: Buffer): Promise<void> {
  await page.locator('.type-upload__dragger input[type=file]').setInputFiles({ name: 'protocol.xlsx', mimeType: 'application/octet-stream', buffer });
}

test.describe('device types and their protocols', () => {
  test('root creates a type, uploads its protocol in zh and en, sees a bad upload refused row by row, edits a register and deletes the type', async ({
    page,
    request,
  }) => {
    // One story over six screens, on a demo server busy with its simulated fleet.
    test.setTimeout(150_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);

    // A new type with an alias.
    await page.goto('/device-type/type-config');
    await expect(page.locator('.type-config__table tr[data-type="maglev_blower"]')).toBeVisible();
    await page.locator('.type-config__add').click();
    await expect(page).toHaveURL(/\/device-type\/type-config\/edit\/0$/);
    await page.locator('.type-form__id').fill('MB 200');
    await page.locator('.type-form__save').click();
    await expect(page.locator('.type-form .ant-form-item-explain-error').first()).toContainText('lowercase letters');
    await page.locator('.type-form__id').fill(typeId);
    await page.locator('.type-form__name--zh').fill('MB-200 磁悬浮鼓风机');
    await page.locator('.type-form__name--en').fill('MB-200 maglev blower');
    await page.locator('.type-form__name--es').fill('Soplante MB-200');
    await page.locator('.type-form__name--ja').fill('MB-200 ブロワ');
    await page.locator('.type-form__remark').fill('end-to-end');
    await page.locator('.type-form__add-alias').click();
    await page.locator('.type-form__alias').fill('Acme 200');
    await page.locator('.type-form__alias-ck').fill('1001');
    await keepScreenshot(page, 'device-types-edit-en');
    await page.locator('.type-form__save').click();
    await expect(page).toHaveURL(/\/device-type\/type-config$/);
    const row = page.locator(`.type-config__table tr[data-type="${typeId}"]`);
    await expect(row).toContainText('MB-200 maglev blower');
    await expect(row).toContainText('No protocol yet');
    await expect(row.locator('.type-config__alias')).toHaveText('Acme 200 · 1001');
    const { number } = await api<DeviceTypeAdminItem>(request, token, `/device-types/${typeId}`);

    // The zh protocol from its template's columns.
    await page.goto(`/device-type/type-config/upload/${number}/zh`);
    const [template] = await Promise.all([page.waitForEvent('download'), page.locator('.type-upload__template').click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    await upload(page, await protocolSheet('zh', protocolRows('zh')));
    await expect(page.locator('.type-upload__done')).toContainText('Saved as version 1 (40 registers)');
    await keepScreenshot(page, 'device-types-upload-zh-done-en');

    // A bad en sheet: every bad row named, nothing changed.
    await page.goto(`/device-type/type-config/upload/${number}/en`);
    const bad = protocolRows('en');
    bad[2] = [1, 'Again', '', 'int16', '', '', 0, 'number', '', '', '', '', ''];
    bad[5] = [6, 'Eight bits', '', 'int8', '', '', 0, 'number', '', '', '', '', ''];
    bad[36] = [37, 'Limits', 'rpm', 'uint16', '', '', 0, 'number', '', '', 'yes', 500, 100];
    await upload(page, await protocolSheet('en', bad));
    const report = page.locator('.type-upload__errors');
    await expect(report.locator('tr[data-row="4"][data-column="number"]')).toContainText('Register 1 is also on row 2');
    await expect(report.locator('tr[data-row="7"][data-column="data_type"]')).toContainText('Unknown data type');
    await expect(report.locator('tr[data-row="38"][data-column="min"]')).toContainText('The minimum is above the maximum');
    await expect(page.locator('.type-upload__report .ant-alert')).toContainText('nothing was changed');
    // Row 4 took register 3's place: the file no longer lists it, which another language's sheet must.
    await expect(page.locator('.type-upload__report .ant-alert')).toContainText('The file lacks registers of the current protocol: 3');
    await keepScreenshot(page, 'device-types-upload-errors-en');
    expect((await api<ProtocolView>(request, token, `/device-types/${typeId}/protocol?language=en`)).current_version).toBe(1);

    // The good en sheet: the names of English, version 2.
    await upload(page, await protocolSheet('en', protocolRows('en')));
    await expect(page.locator('.type-upload__done')).toContainText('Saved as version 2 (40 registers)');
    await page.locator('.type-upload__view').click();
    await expect(page).toHaveURL(new RegExp(`/device-type/type-config/protocol/${number}/default/en$`));

    // One register edited in the table: a new version with a note.
    const table = page.locator('.protocol__table');
    await expect(table.locator('tr[data-register="21"]')).toContainText('Pressure 21');
    await expect(table.locator('tr[data-register="31"]')).toContainText('float32');
    await page.locator('.protocol__edit').click();
    await table.locator('tr[data-register="1"] .protocol-row__edit').click();
    await page.locator('.row-form__name').fill('Outlet air temperature');
    await page.locator('.row-form__unit').fill('℃');
    await keepScreenshot(page, 'device-types-protocol-drawer-en');
    await page.locator('.row-form__ok').click();
    await expect(table.locator('tr[data-register="1"]')).toContainText('Outlet air temperature');
    await page.locator('.protocol__save').click();
    await page.locator('.protocol-save__note').fill('renamed register 1');
    await page.locator('.protocol-save__ok').click();
    await expect(page.locator('.protocol__version')).toHaveText('v3');
    await expect(page.locator('.protocol-versions tr[data-version="3"]')).toContainText('renamed register 1');
    await expect(page.locator('.protocol-versions tr[data-version="1"]')).toContainText('Upload · 中文');
    await keepScreenshot(page, 'device-types-protocol-en');
    const zh = await api<ProtocolView>(request, token, `/device-types/${typeId}/protocol?language=zh`);
    expect(zh.rows[0]).toMatchObject({ number: 1, name: '温度 1', unit: '℃' });
    const log = await api<ListPage<OperationLogEntry>>(request, token, '/operation-logs?action=edit_protocol&page_size=5');
    expect(log.items[0]?.new_value).toContain(`${typeId} v3`);

    // The type's lock: four registers of its protocol, the password one writable (the server says which is not).
    await page.goto(`/device-type/type-config/edit/${number}`);
    await page.locator('.type-form__lock-switch').click();
    const pick = async (role: string, register: number) => {
      await page.locator(`.type-form__lock--${role}`).click();
      await page.keyboard.type(`${register} ·`);
      await page.keyboard.press('Enter');
    };
    await pick('hint', 1);
    await pick('password', 2);
    await pick('state', 32);
    await pick('service_days', 3);
    await page.locator('.type-form__save').click();
    await expect(page.locator('.ant-message')).toContainText('The password register (2) must be writable');
    await pick('password', 36);
    await keepScreenshot(page, 'device-types-lock-en');
    await page.locator('.type-form__save').click();
    await expect(page).toHaveURL(/\/device-type\/type-config$/);
    expect((await api<DeviceTypeAdminItem>(request, token, `/device-types/${typeId}`)).unlock).toEqual({ hint: 1, password: 36, state: 32, service_days: 3 });

    // The list in Chinese, then the unused type deleted.
    await useLanguage(page, 'zh');
    await page.goto('/device-type/type-config');
    await expect(row).toContainText('v3 · 40个寄存器');
    await keepScreenshot(page, 'device-types-list-zh');
    await row.locator('.type-delete').click();
    await page.locator('.type-delete__ok').click();
    await expect(row).toHaveCount(0);
    const types = await api<DeviceTypeAdminItem[]>(request, token, '/device-types/admin');
    expect(types.map((type) => type.id)).not.toContain(typeId);
  });
});
