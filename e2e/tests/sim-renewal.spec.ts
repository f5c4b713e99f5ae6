import type { Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A page of its own browser context, signed in once as `username`, in English. */
async function signedInPage(newContext: NewContext, username: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await useLanguage(page, 'en');
  await useSession(page, username);
  return page;
}

/** The header's renewal feedback count (shown to showFeedback users and root), as a number. */
async function feedbackCount(page: Page): Promise<number> {
  const count = page.locator('.header-count:has(a[href$="/iccid/recharge-feedback"])');
  await expect(count).toBeVisible();
  return Number(await count.getAttribute('data-count'));
}

/** A date well past next month, whatever month the run is in (first of the month 14 months on). */
function renewedExpiry(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 14, 1)).toISOString().slice(0, 10);
}

test.describe('SIM renewal', () => {
  test('demo_maker sets the renewal tip; demo_user requests a renewal; demo_maker handles it; the new expiry shows everywhere', async ({ newContext }) => {
    test.setTimeout(180_000);
    const maker = await signedInPage(newContext, 'demo_maker');
    const user = await signedInPage(newContext, 'demo_user');
    const tipText = `Renew with Demo Factory before the month ends (${Date.now()})`;

    await test.step('demo_maker edits the tip of its company, with a preview', async () => {
      await maker.goto('/iccid/recharge-tips');
      await maker.locator('.recharge-tips__languages .ant-tabs-tab').filter({ hasText: 'English' }).click();
      await maker.locator('.recharge-tips__text--en textarea').fill(tipText);
      await maker.locator('.recharge-tips__phone').fill('400-800-1234');
      await expect(maker.locator('.recharge-tips__preview')).toContainText(tipText);
      await expect(maker.locator('.recharge-tips__preview')).toContainText('400-800-1234');
      await maker.locator('.recharge-tips__save').click();
      await expect(maker.locator('.ant-message')).toContainText('Renewal tip saved');
      await keepScreenshot(maker, 'sim-renewal-tips-en');
    });

    const before = await feedbackCount(maker);
    const expiry = renewedExpiry();
    let boxId = '';

    await test.step("demo_user reads its company's tip and requests the renewal of a device expiring this month", async () => {
      await user.goto('/iccid/expired-device-list');
      await expect(user.locator('.renewal-tip__text')).toHaveText(tipText);
      await expect(user.locator('.renewal-tip__phone')).toContainText('400-800-1234');
      const row = user
        .locator('.expired-list__table tr[data-box]')
        .filter({ has: user.locator('.expired-list__request-one') })
        .first();
      await expect(row).toBeVisible();
      await keepScreenshot(user, 'sim-renewal-expired-list-en');
      boxId = (await row.getAttribute('data-box'))!;
      await row.locator('.expired-list__request-one').click();
      await user.locator('.renewal-request__note textarea').fill('Please renew for a year');
      await keepScreenshot(user, 'sim-renewal-request-en');
      await user.locator('.renewal-request__submit').click();
      await expect(user.locator('.ant-message')).toContainText('Renewal requested for 1 device(s)');
      await expect(user.locator(`.expired-list__table tr[data-box="${boxId}"] .expired-list__requested`)).toHaveText('Renewal requested');
    });

    await test.step('demo_maker sees the feedback count rise and marks the request handled with a new expiry date', async () => {
      await maker.reload();
      await expect.poll(() => feedbackCount(maker)).toBe(before + 1);
      await maker.locator('.header-count a[href$="/iccid/recharge-feedback"]').click();
      await expect(maker).toHaveURL(/\/iccid\/recharge-feedback$/);
      const request = maker.locator(`.renewal-feedback__table tr[data-boxes="${boxId}"]`).first();
      await expect(request.locator('.renewal-state--open')).toBeVisible();
      await expect(request).toContainText('demo_user');
      await keepScreenshot(maker, 'sim-renewal-feedback-en');
      await request.locator('.renewal-feedback__handle').click();
      const date = maker.locator('.renewal-handle__date input');
      await date.click();
      await date.fill(expiry);
      await date.press('Enter');
      await keepScreenshot(maker, 'sim-renewal-handle-en');
      await maker.locator('.renewal-handle__submit').click();
      await expect(maker.locator('.ant-message')).toContainText('Request handled');
      await expect.poll(() => feedbackCount(maker)).toBe(before);
      await maker.locator('.renewal-feedback__filter').getByText('Handled').click();
      await expect(maker.locator(`.renewal-feedback__table tr[data-boxes="${boxId}"]`).first()).toContainText(expiry);
    });

    await test.step("demo_user's list and device pages show the new expiry", async () => {
      await user.reload();
      await user.locator('.expired-list__search input').fill(boxId);
      await user.locator('.expired-list__search input').press('Enter');
      await expect(user.locator(`.expired-list__table tr[data-box="${boxId}"]`)).toHaveCount(0);
      await user.goto('/devices/devices-show');
      await user.locator('.devices-show__keyword input').fill(boxId);
      await user.locator('.devices-show__keyword input').press('Enter');
      await expect(user.locator('.devices-show__table')).toContainText(expiry);
      await user.goto(`/devices/box/${boxId}`);
      await expect(user.locator('body')).toContainText(expiry);
    });
  });
});
