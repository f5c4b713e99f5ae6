import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, tokenOf } from './support/devices.js';
import { hideToasts, keepScreenshot, useSession } from './support/session.js';

/** The row of an account in a table of accounts. */
const row = (page: Page, username: string) => page.locator(`tr[data-account="${username}"]`);

/** Signs in through the login form, landing wherever the console sends this user first. */
async function signInAnywhere(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('.login-submit').click();
}

/**
 * Company accounts: root creates a demo company's top manager through the console, resets its
 * password (shown once), and the manager, signing in with it, must choose its own before anything else.
 */
test.describe('company accounts', () => {
  test('root creates a top manager, resets its password; the manager must change it at sign-in', async ({ page, newContext }) => {
    // Two people in two browsers, each signing in through the form: longer than one screen's test.
    test.setTimeout(100_000);
    const username = `e2e_top_${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 800, height: 900 });
    // At 800 px the demo fleet's fault toasts lie over the dialog's buttons (the first spec runs while the demo's
    // history is backfilled, faults and all).
    await hideToasts(page);
    await useSession(page, 'demo_root');
    await page.goto('/usermanager/ck-users');
    await page.locator('.accounts-toolbar__company').click();
    await page.keyboard.type('1001');
    await page.keyboard.press('Enter');
    await expect(row(page, 'demo_manager')).toBeVisible();
    await expect(row(page, 'demo_manager2')).toHaveCount(0);

    // The register form's rules, as the spec words them (zh, the default language), before anything is sent.
    await page.locator('.accounts-toolbar__add').click();
    const dialog = page.locator('.accounts-form-modal');
    await dialog.locator('#account_username').fill('张 三');
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await dialog.locator('.ant-form-item-explain-error').allTextContents()).toContain('用户名不能包含中文或空格!');

    await dialog.locator('#account_username').fill(username);
    await dialog.locator('#account_password').fill('first-pw1');
    await dialog.locator('#account_password_repeat').fill('first-pw1');
    await dialog.locator('#account_remark').fill('e2e plant');
    await dialog.locator('.ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(row(page, username)).toContainText('e2e plant');
    await keepScreenshot(page, 'accounts-ck-users-800');

    // Reset: a random password, shown once.
    await row(page, username).locator('.accounts-reset').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    const shown = page.locator('.accounts-new-password');
    await expect(shown).toBeVisible();
    const password = (await shown.innerText()).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    await keepScreenshot(page, 'accounts-reset-password-800');
    await page.locator('.accounts-new-password__close').click();

    // The manager signs in with it and is held on change-password until it chooses its own.
    const context = await newContext({ locale: 'zh-CN', viewport: { width: 800, height: 900 } });
    const manager = await context.newPage();
    await hideToasts(manager);
    await signInAnywhere(manager, username, password);
    await expect(manager).toHaveURL(/\/usermanager\/change-password$/);
    await expect(manager.locator('.change-password__must')).toBeVisible();
    await manager.goto('/devices/devices-show');
    await expect(manager).toHaveURL(/\/usermanager\/change-password$/);
    await manager.locator('#change-password_oldPassword').fill(password);
    await manager.locator('#change-password_newPassword').fill('own-pw-123');
    await manager.locator('#change-password_confirmPassword').fill('own-pw-123');
    await manager.locator('.change-password-submit').click();
    await expect(manager.locator('.change-password__must')).toBeHidden();
    // Now a top manager like any: it adds a helper with a message and a device expiry date, shown on edit-helper.
    const helper = `${username}_h`.slice(0, 20);
    await manager.goto('/usermanager/add-helper');
    await manager.locator('#register-helper_username').fill(helper);
    await manager.locator('#register-helper_password').fill('helper-pw1');
    await manager.locator('#register-helper_password_repeat').fill('helper-pw1');
    await manager.locator('#register-helper_helper_message').fill('check the filters weekly');
    await manager.locator('#register-helper_device_expiry_date').fill('2027-03-31');
    // Enter takes the typed date, and sends the form, as a person typing it would.
    await manager.keyboard.press('Enter');
    await expect(manager).toHaveURL(/\/usermanager\/edit-helper$/);
    const helperRow = manager.locator('.ant-table-row', { hasText: helper });
    await expect(helperRow.locator('.helper-message')).toContainText('check the filters weekly');
    await expect(helperRow.locator('.helper-expiry')).toHaveText('2027-03-31');
    await keepScreenshot(manager, 'accounts-edit-helper-800');

    // Disabled: it cannot sign in any more, and says why.
    await row(page, username).locator('.accounts-enabled').click();
    await expect(row(page, username).locator('.accounts-enabled')).not.toBeChecked();
    const again = await newContext({ locale: 'zh-CN' });
    const refused = await again.newPage();
    await signInAnywhere(refused, username, 'own-pw-123');
    await expect(refused.getByText('该账号已停用，请联系管理员。').first()).toBeVisible();
  });

  test('root resets a company’s factory account from the ck-pwd script, and finds any account by name on reset-pwd', async ({ page, request }) => {
    // A factory account of the second demo company, made for this test: the demo ones keep their passwords for the other specs.
    const maker = `e2e_mk_${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 800, height: 900 });
    // At 800 px the demo fleet's fault toasts lie over the dialog's buttons (the first spec runs while the demo's
    // history is backfilled, faults and all).
    await hideToasts(page);
    await useSession(page, 'demo_root');
    const form = { username: maker, password: 'maker-pw1', password_repeat: 'maker-pw1', ck: '2002', role: 'manufacturer' };
    await api(request, await tokenOf(page), '/accounts', { method: 'POST', data: form });

    await page.goto('/scripts/ck-pwd');
    await page.locator('.script-ck-pwd__company').click();
    await page.keyboard.type('2002');
    await page.keyboard.press('Enter');
    await row(page, maker).locator('.accounts-reset').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.accounts-new-password')).toHaveText(/^[A-Za-z0-9_-]{12}$/);
    await keepScreenshot(page, 'accounts-ck-pwd-800');
    await page.locator('.accounts-new-password__close').click();

    await page.goto('/scripts/reset-pwd');
    await page.locator('.script-reset-pwd__search input').fill(maker);
    await page.locator('.script-reset-pwd__search input').press('Enter');
    await expect(row(page, maker)).toBeVisible();
    await expect(page.locator('.accounts-reset-list tr[data-account]')).toHaveCount(1);
  });
});
