import type { ManagedUserView, RelationDevicePage } from '@cloudbox/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, tokenOf } from './support/devices.js';
import { keepScreenshot, signIn, useLanguage } from './support/session.js';

/** Another person at another browser: a context of its own, signed in. */
async function otherBrowser(browser: Browser, username: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

function deviceRows(page: Page) {
  return page.locator('.devices-show__table .ant-table-tbody tr[data-box]');
}

test.describe('user management', () => {
  test('a manager creates a helper and shares a device read-only; the helper sees it, cannot write, and loses it live when it is recalled', async ({ page, browser, request }) => {
    const helperName = `e2e_h${Date.now() % 1_000_000_000}`;
    await useLanguage(page, 'en');
    await signIn(page, 'demo_manager');
    await page.goto('/usermanager/add-helper');
    await page.locator('#register-helper_username').fill(helperName);
    await page.locator('#register-helper_password').fill('secret123');
    await page.locator('#register-helper_password_repeat').fill('secret123');
    await page.locator('.usermanager-register-submit').click();
    await expect(page).toHaveURL(/\/usermanager\/edit-helper$/);
    const row = page.locator('.edit-helper .ant-table-row', { hasText: helperName });
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'usermanager-helpers-en');

    const token = await tokenOf(page);
    const helper = (await api<ManagedUserView[]>(request, token, '/user_register/get_helpers')).find((candidate) => candidate.username === helperName)!;
    const shareable = await api<RelationDevicePage>(request, token, `/user_register/get_unshared_devices?user_id=${helper.id}&page=1&page_size=20`);
    const boxId = shareable.items[0]!.box_id;

    await row.locator('.helper-devices-link').click();
    await expect(page).toHaveURL(new RegExp(`/usermanager/helper-device\\?user_id=${helper.id}`));
    await page.getByRole('tab', { name: 'Shareable' }).click();
    const shareRow = page.locator('.unshared-devices .ant-table-row', { hasText: boxId });
    await shareRow.locator('.share-device').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();
    await page.getByRole('tab', { name: 'Shared' }).click();
    await expect(page.locator('.shared-devices .ant-table-row', { hasText: boxId })).toContainText('Read only');
    await keepScreenshot(page, 'usermanager-helper-device-en');

    // The helper, in a browser of its own, sees the shared device and nothing it may write.
    const helperPage = await otherBrowser(browser, helperName, 'secret123');
    await helperPage.goto('/devices/devices-show');
    await expect(deviceRows(helperPage)).toHaveCount(1);
    await expect(deviceRows(helperPage).first()).toHaveAttribute('data-box', boxId);
    const helperToken = await tokenOf(helperPage);
    const detail = await api<{ controllers: { controller_id: number }[] }>(request, helperToken, `/devices/${boxId}`);
    const station = detail.controllers[0]!.controller_id;
    const realtime = await api<{ registers: { writable: boolean }[] }>(request, helperToken, `/devices/${boxId}/controllers/${station}/realtime`);
    expect(realtime.registers.length).toBeGreaterThan(0);
    expect(realtime.registers.every((register) => !register.writable)).toBe(true);
    const write = await request.post(`/api/v2/devices/${boxId}/controllers/${station}/write`, { headers: { Authorization: `Bearer ${helperToken}` }, data: { register: 1, value: '1' } });
    expect(write.status()).toBeGreaterThanOrEqual(400);

    // The manager recalls the share: the helper's open list drops the device without a reload.
    await page.locator('.shared-devices .ant-table-row', { hasText: boxId }).locator('.recall-share').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.shared-devices .ant-table-row', { hasText: boxId })).toHaveCount(0);
    await expect(deviceRows(helperPage)).toHaveCount(0, { timeout: 15_000 });
    await keepScreenshot(helperPage, 'usermanager-helper-list-after-recall-zh');
    await helperPage.context().close();
  });

  test('an assignment to a sub-manager moves ownership, and the assigner cannot recall it', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await signIn(page, 'demo_manager');
    const token = await tokenOf(page);
    const sub = (await api<ManagedUserView[]>(request, token, '/user_register/get_managers')).find((manager) => manager.username === 'demo_sub2')!;
    const own = await api<RelationDevicePage>(request, token, '/user_register/get_unassigned_devices?page=1&page_size=20');
    const boxId = own.items[0]!.box_id;

    await page.goto('/usermanager/edit-manager');
    await page.locator('.edit-manager .ant-table-row', { hasText: 'demo_sub2' }).locator('.manager-devices-link').click();
    await expect(page.locator('.assignment-note')).toContainText('cannot recall');
    await page.getByRole('tab', { name: 'Assignable' }).click();
    await page.locator('.unassigned-devices .ant-table-row', { hasText: boxId }).locator('.assign-device').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();
    await page.getByRole('tab', { name: 'Assigned' }).click();
    const assignedRow = page.locator('.assigned-devices .ant-table-row', { hasText: boxId });
    await expect(assignedRow).toBeVisible();
    // No recall for the assigner: not in the page, and refused by the server.
    await expect(assignedRow.locator('.recall-assignment')).toHaveCount(0);
    await keepScreenshot(page, 'usermanager-manager-device-en');

    const owned = await api<RelationDevicePage>(request, token, `/user_register/get_assigned_devices?user_id=${sub.id}&page=1&page_size=500`);
    expect(owned.items.map((item) => item.box_id)).toContain(boxId);
    const mine = await api<RelationDevicePage>(request, token, `/user_register/get_unassigned_devices?page=1&page_size=500&keyword=${boxId}`);
    expect(mine.total).toBe(0);
    const recall = await request.post('/api/v2/user_register/recall_assigned_device', { headers: { Authorization: `Bearer ${token}` }, data: { device_id: boxId } });
    expect(recall.status()).toBe(403);
  });

  test('the register form answers bad input with the spec’s messages, in Chinese and in English', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/usermanager/add-manager');
    await page.locator('#register-manager_username').fill('张 三');
    await page.locator('#register-manager_password').fill('123');
    await page.locator('#register-manager_password_repeat').fill('1234');
    await page.locator('#register-manager_ck').fill('12');
    await page.locator('.usermanager-register-submit').click();
    const errors = page.locator('.ant-form-item-explain-error');
    await expect(errors.filter({ hasText: '用户名不能包含中文或空格!' })).toBeVisible();
    await expect(errors.filter({ hasText: '密码必须为6-20位数字或字符!' }).first()).toBeVisible();
    await expect(errors.filter({ hasText: '两次输入的密码不一致!' })).toBeVisible();
    await expect(errors.filter({ hasText: 'CK码必须是4位数字' })).toBeVisible();
    await keepScreenshot(page, 'usermanager-register-errors-zh');

    await useLanguage(page, 'en');
    await page.reload();
    await page.locator('#register-manager_username').fill('');
    await page.locator('.usermanager-register-submit').click();
    await expect(errors.filter({ hasText: 'User name cannot be empty!' })).toBeVisible();
    await expect(errors.filter({ hasText: 'Password cannot be empty!' }).first()).toBeVisible();
  });
});
