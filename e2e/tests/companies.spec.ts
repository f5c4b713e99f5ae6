import { MAGLEV_BLOWER, type CompanyPage, type OperationLogEntry, type Page as ListPage, type PermissionTemplateView } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A CK code nobody has: 8000-8999, so reruns on a kept data directory do not collide with the demo's 1001 and 2002. */
const code = String(8000 + (Date.now() % 1000));

/** Waits for a dialog to finish coming in (a screenshot mid-way shows half of it). */
async function settled(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

test.describe('companies (CK codes)', () => {
  test('root creates a company, sets its device types, creates a model for it, edits and disables it, at 800 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    await page.goto('/device-type/CK-config');
    await expect(page.locator('.ck-config__table tr[data-ck="1001"]')).toBeVisible();

    // A new company: the code's rule is the server's (4 digits), checked before anything is sent.
    await page.locator('.ck-config__add').click();
    await page.locator('.company-form__code').fill('12');
    await page.locator('.company-form__name').fill('E2E Pumps');
    await page.locator('.company-form__save').click();
    await expect(page.locator('.company-form .ant-form-item-explain-error')).toHaveText('CK code must be exactly 4 digits');
    await page.locator('.company-form__code').fill(code);
    await page.locator('.company-form__contact').fill('Li Lei');
    await page.locator('.company-form__phone').fill('13800000000');
    await keepScreenshot(page, 'companies-form-800-en');
    await page.locator('.company-form__save').click();
    const row = page.locator(`.ck-config__table tr[data-ck="${code}"]`);
    await expect(row).toContainText('E2E Pumps');
    await expect(row).toContainText('Li Lei');

    // Its device types, from the catalog.
    await row.locator('.company-device-types').click();
    await page.locator('.device-types-dialog__list [data-device-type="maglev_blower"]').click();
    await page.locator('.device-types-dialog__save').click();
    await expect(row.locator('.company-device-types')).toContainText('maglev_blower');

    // A model: every blower register read, the speed set point read and write.
    await row.locator('.company-models').click();
    await expect(page).toHaveURL(new RegExp(`/device-type/CK-config/model/${code}$`));
    await page.locator('.model-add').click();
    await page.locator('.model-form__name').fill('Operator');
    await page.locator('.rights-editor__all-r').click();
    const setPoint = page.locator(`.rights-editor tr[data-register="${MAGLEV_BLOWER.speedSetPoint}"]`);
    await setPoint.getByText('Read-write').click();
    await settled(page, '.ant-modal');
    await keepScreenshot(page, 'companies-model-form-800-en');
    await page.locator('.model-form__save').click();
    const model = page.locator('.ck-config-model__table tr[data-model="Operator"]');
    await expect(model).toContainText('read-write 1');
    const [saved] = await api<PermissionTemplateView[]>(request, token, `/permission-templates?ck=${code}`);
    expect(saved?.rights.maglev_blower?.[String(MAGLEV_BLOWER.speedSetPoint)]).toBe('rw');
    expect(Object.values(saved?.rights.maglev_blower ?? {}).filter((right) => right === 'r').length).toBeGreaterThan(3);

    // Edited, then disabled after its confirmation.
    await page.goto('/device-type/CK-config');
    await row.locator('.company-edit').click();
    await expect(page.locator('.company-form__code')).toBeDisabled();
    await page.locator('.company-form__name').fill('E2E Pumps Ltd');
    await page.locator('.company-form__save').click();
    await expect(row).toContainText('E2E Pumps Ltd');
    await row.locator('.company-enabled').click();
    await page.locator('.company-disable__ok').click();
    await expect(row.locator('.company-enabled')).not.toBeChecked();
    const listed = await api<CompanyPage>(request, token, `/companies?keyword=${code}`);
    expect(listed.items[0]).toMatchObject({ code, name: 'E2E Pumps Ltd', enabled: false, device_types: ['maglev_blower'] });
    const edits = await api<ListPage<OperationLogEntry>>(request, token, '/operation-logs?action=edit_company&page_size=50');
    expect(edits.items.filter((entry) => entry.ck === code).map((entry) => entry.new_value)).toEqual(['enabled=false', 'name=E2E Pumps Ltd']);
    await keepScreenshot(page, 'companies-list-800-en');

    // The same screens in Chinese.
    await useLanguage(page, 'zh');
    await page.reload();
    await expect(row.locator('.company-edit')).toHaveText('编辑');
    await keepScreenshot(page, 'companies-list-800-zh');
    await page.goto(`/device-type/CK-config/model/${code}`);
    await page.locator('.ck-config-model__table tr[data-model="Operator"] .model-edit').click();
    await expect(setPoint.locator('.ant-segmented-item-selected')).toHaveText('读写');
    await settled(page, '.ant-modal');
    await keepScreenshot(page, 'companies-model-form-800-zh');
  });
});
