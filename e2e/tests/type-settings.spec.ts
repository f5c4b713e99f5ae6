import type {
  DeviceRealtime,
  DeviceTypeSummary,
  OperationLogEntry,
  Page as ListPage,
  PageLayoutView,
  PermissionTemplateView,
  TypeRelationView,
} from '@cloudbox/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A suffix nobody used yet, so reruns on a kept data directory do not collide. */
const suffix = String(Date.now() % 100_000);

/** Picks an option of an antd select by its text (the dropdown renders outside the select). */
async function choose(page: Page, select: Locator, text: string, search = false): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

test.describe('type settings (page layouts, box-model relations, permission templates per type)', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
  });

  test('root adds a row to generic_plc’s page layout, and a device’s live page shows it', async ({ page, request }) => {
    const token = await tokenOf(page);
    const types = await api<DeviceTypeSummary[]>(request, token, '/device-types');
    const plc = types.find((type) => type.id === 'generic_plc')!;
    const before = await api<PageLayoutView>(request, token, `/device-types/generic_plc/layout`);
    const register = before.registers.at(-1)!;

    await page.goto(`/device-type/type-config/page/${plc.number}/default`);
    const rows = page.locator('.layout-table tbody tr[data-row]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(rows).toHaveCount(before.rows.length);
    await page.locator('.layout-add').click();
    const added = page.locator(`.layout-table tbody tr[data-row="${before.rows.length + 1}"]`);
    // Saving a row without its register is refused before anything is sent.
    await page.locator('.layout-save').click();
    await expect(page.locator('.ant-message-error')).toContainText('Every row needs register 1');
    await choose(page, added.locator('.layout-row__register1'), `${register.number} · ${register.name.en}`, true);
    await expect(added.locator('.layout-row__name1')).toHaveValue(register.name.en);
    await added.locator('.layout-row__names1').click();
    await page.locator('.layout-names input[data-language="en"]').fill(`E2E row ${suffix}`);
    await page.locator('.layout-names input[data-language="zh"]').fill(`端到端行 ${suffix}`);
    await page.locator('.layout-names__ok').click();
    await expect(added.locator('.layout-row__name1')).toHaveValue(`E2E row ${suffix}`);
    // Moved up one place: it is saved as the row before last.
    await added.locator('.layout-row__up').click();
    await expect(page.locator('.layout-preview')).toContainText(`E2E row ${suffix}`);
    await keepScreenshot(page, 'type-settings-layout-en');
    await page.locator('.layout-save').click();
    await expect(page.locator('.ant-message-success')).toContainText('Page layout saved');

    const after = await api<PageLayoutView>(request, token, `/device-types/generic_plc/layout`);
    expect(after.rows).toHaveLength(before.rows.length + 1);
    expect(after.rows.at(-2)).toMatchObject({
      row: before.rows.length,
      register1: register.number,
      name1: { en: `E2E row ${suffix}`, zh: `端到端行 ${suffix}` },
    });
    const logs = await api<ListPage<OperationLogEntry>>(request, token, '/operation-logs?action=edit_type_layout&page_size=5');
    expect(logs.items[0]).toMatchObject({ username: 'demo_root', action: 'edit_type_layout' });

    const [device] = (await listDevices(request, token, { model: 'generic_plc', page_size: '1' })).items;
    const live = await api<DeviceRealtime>(request, token, `/devices/${device!.box_id}/controllers/${device!.controller_id}/realtime`);
    // The API answers in the caller's language (Chinese without a cookie): the name given in zh.
    expect(live.layout.some((row) => row.register1 === register.number && row.name1 === `端到端行 ${suffix}`)).toBe(true);
    await page.goto(`/devices/controller/${device!.box_id}/${device!.controller_id}`);
    const cell = page.locator('.register-grid').getByText(`E2E row ${suffix}`);
    await expect(cell).toBeVisible();
    await cell.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'type-settings-live-en');

    // The editor in Chinese: the row's name as given in zh.
    await useLanguage(page, 'zh');
    await page.goto(`/device-type/type-config/page/${plc.number}/default`);
    await expect(page.locator(`.layout-table tbody tr[data-row="${before.rows.length}"] .layout-row__name1`)).toHaveValue(`端到端行 ${suffix}`);
    await expect(page.locator('.layout-save')).toContainText('保存');
    await keepScreenshot(page, 'type-settings-layout-zh');
  });

  test('root sets the controller types of a box model, refused while a station repeats', async ({ page, request }) => {
    const token = await tokenOf(page);
    const name = `E2E-REL-${suffix}`;
    await api(request, token, '/box-models', { method: 'POST', data: { name, remark: 'type settings e2e' } });
    await page.goto('/device-type/relation');
    const row = page.locator(`tr[data-model="${name}"]`);
    await row.locator('.relation-edit').click();
    await page.locator('.relation-form__add').click();
    await page.locator('.relation-form__add').click();
    const entries = page.locator('.relation-form__type');
    await choose(page, entries.nth(0).locator('.relation-form__device-type'), '(maglev_blower)');
    await entries.nth(0).locator('.relation-form__station input').fill('1');
    await choose(page, entries.nth(1).locator('.relation-form__device-type'), '(generic_plc)');
    await entries.nth(1).locator('.relation-form__station input').fill('1');
    await page.locator('.relation-form__save').click();
    await expect(entries.nth(1).locator('.ant-form-item-explain-error')).toHaveText('Each station number may appear only once');
    await keepScreenshot(page, 'type-settings-relation-error-en');
    await entries.nth(1).locator('.relation-form__station input').fill('2');
    await page.locator('.relation-form__save').click();
    await expect(page.locator('.ant-message-success')).toContainText('Box model relation saved');
    await expect(row.locator('[data-device-type="maglev_blower"]')).toContainText('@ 1');
    await expect(row.locator('[data-device-type="generic_plc"]')).toContainText('@ 2');
    await keepScreenshot(page, 'type-settings-relation-en');

    const relations = await api<TypeRelationView[]>(request, token, '/type-relations');
    expect(relations.find((relation) => relation.box_model.name === name)?.types.map((type) => `${type.device_type}@${type.default_station}`)).toEqual([
      'maglev_blower@1',
      'generic_plc@2',
    ]);
  });

  test('root creates a permission template, gives it rights on the modify screen, sees its counts, and deletes it', async ({ page, request }) => {
    const token = await tokenOf(page);
    const name = `E2E perm ${suffix}`;
    await page.goto('/device-type/permission');
    await page.locator('.permission-add').click();
    await choose(page, page.locator('.permission-create__ck'), '1001', true);
    await page.locator('.permission-create__name').fill(name);
    await page.locator('.permission-create__level input').fill('1');
    await page.locator('.permission-create__save').click();
    await expect(page).toHaveURL(/\/device-type\/permission\/modify\/\d+$/);
    const id = page.url().split('/').at(-1)!;

    await page.locator('.rights-editor [data-device-type="generic_plc"]').click();
    const pane = page.locator('.rights-editor .ant-tabs-content-active');
    await pane.locator('.rights-editor__all-r').click();
    const writable = pane
      .locator('tr[data-register]')
      .filter({ has: page.locator('.ant-segmented-item:not(.ant-segmented-item-disabled)', { hasText: 'Read-write' }) });
    const register = await writable.first().getAttribute('data-register');
    await writable.first().getByText('Read-write').click();
    await page.locator('.permission-form__level input').fill('2');
    await keepScreenshot(page, 'type-settings-permission-modify-en');
    await page.locator('.permission-form__save').click();
    await expect(page.locator('.ant-message-success')).toContainText('Permission template saved');

    const saved = await api<PermissionTemplateView>(request, token, `/permission-templates/${id}`);
    expect(saved).toMatchObject({ ck: '1001', name, level: 2 });
    expect(saved.rights.generic_plc?.[register!]).toBe('rw');
    const read = Object.values(saved.rights.generic_plc ?? {}).filter((right) => right === 'r').length;
    expect(read).toBeGreaterThan(3);

    await page.goto('/device-type/permission');
    await choose(page, page.locator('.permission-filter__type'), '(generic_plc)');
    const row = page.locator(`tr[data-template="${name}"]`);
    await expect(row.locator('[data-device-type="generic_plc"]')).toContainText(`read ${read}, read-write 1`);
    await choose(page, page.locator('.permission-filter__type'), '(air_compressor)');
    await expect(row).toHaveCount(0);
    await page.locator('.permission-filter__type .ant-select-clear').click({ force: true });
    await choose(page, page.locator('.permission-filter__ck'), '1001');
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'type-settings-permission-list-en');
    await row.locator('.permission-delete').click();
    await page.locator('.permission-delete__ok').click();
    await expect(row).toHaveCount(0);
  });
});
