import type { MyPwdQuota } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { api, listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A browser of its own (its own cookies) for one account, signed in once, in English. */
async function signedInPage(newContext: NewContext, username: string): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await useSession(page, username);
  return page;
}

/** A controller the signed-in account sees (the demo sells some of company 1001's boxes through demo_region). */
async function someController(page: Page): Promise<{ box: string; station: number }> {
  const devices = await listDevices(page.request, await tokenOf(page), { page: '1', page_size: '1' });
  const device = devices.items[0];
  expect(device?.station, 'a device with a controller').toEqual(expect.any(Number));
  return { box: device!.box_id, station: device!.station! };
}

/** Fills the calculation form (a box, its controller, a hint code, a mode) and calculates. */
async function calculate(page: Page, target: { box: string; station: number }, hintCode: string): Promise<void> {
  const form = page.locator('.calculate-form__form');
  await form.locator('.calculate-form__box input').fill(target.box);
  await form.locator('.calculate-form__box input').press('Enter');
  await form.locator('.calculate-form__controller .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Station ${target.station} ` }).click();
  await form.locator('.calculate-form__hint input').fill(hintCode);
  await form.locator('.calculate-form__mode .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Extend by 30 days' }).click();
  await form.locator('.calculate-form__submit').click();
}

/** The number the quota screen shows for a user's row. */
const remainingOf = (page: Page, username: string) => page.locator(`.pwd-quota__users tr[data-user="${username}"] .pwd-quota__remaining`);

test.describe('dynamic passwords', () => {
  test('demo_district gives demo_region 2 calculations; demo_region calculates twice and is refused the third time; demo_district sees them in pwd-list', async ({
    newContext,
  }) => {
    test.setTimeout(180_000);
    const district = await signedInPage(newContext, 'demo_district');
    const region = await signedInPage(newContext, 'demo_region');

    // demo_region starts from none (a rerun on a kept data directory takes back what it has first).
    await district.goto('/qrManage/pwd-quota');
    const row = district.locator('.pwd-quota__users tr[data-user="demo_region"]');
    await expect(row).toBeVisible();
    const left = Number(await remainingOf(district, 'demo_region').textContent());
    if (left > 0) {
      await row.locator('.pwd-quota__amount input').fill(String(left));
      await row.locator('.pwd-quota__decrease').click();
      await expect(remainingOf(district, 'demo_region')).toHaveText('0');
    }
    // A decrease beyond demo_region's count is refused with the spec's message.
    await row.locator('.pwd-quota__amount input').fill('5');
    await row.locator('.pwd-quota__decrease').click();
    await expect(district.locator('.ant-message')).toContainText("A decrease cannot exceed the user's remaining count (0)");
    await row.locator('.pwd-quota__amount input').fill('2');
    await row.locator('.pwd-quota__increase').click();
    await expect(district.locator('.ant-message')).toContainText('Quota changed');
    await expect(remainingOf(district, 'demo_region')).toHaveText('2');
    await keepScreenshot(district, 'dynamic-passwords-quota-district-en');

    // demo_region calculates on its quota screen, for a box sold through it.
    await region.goto('/qrManage/pwd-quota');
    await expect(region.locator('.pwd-quota__own-count .ant-statistic-content')).toHaveText('2');
    const target = await someController(region);
    const hints = ['314159', '271828', '161803'];
    for (const [index, hint] of hints.slice(0, 2).entries()) {
      await calculate(region, target, hint);
      await expect(region.locator('.calculate-form__password')).toHaveText(/^\d{8}$/);
      await expect(region.locator('.calculate-form__remaining')).toHaveText(`Calculations left: ${1 - index}`);
    }
    await expect(region.locator('.recent-calculations__table tbody tr.ant-table-row')).toHaveCount(2);
    await keepScreenshot(region, 'dynamic-passwords-region-calculated-en');
    await calculate(region, target, hints[2]!);
    await expect(region.locator('.ant-message')).toContainText('Not enough calculations left');
    await expect(region.locator('.calculate-form__answer')).toHaveCount(0);
    expect(await api<MyPwdQuota>(region.request, await tokenOf(region), '/dynamic-passwords/quota/me')).toEqual({ may_calculate: false, remaining: 0 });
    await keepScreenshot(region, 'dynamic-passwords-region-refused-en');

    // demo_district sees both calculations, charged to demo_region, in its password records.
    await district.goto('/qrManage/pwd-list');
    await district.locator('.pwd-list__user input').fill('demo_region');
    await district.locator('.pwd-list__user input').press('Enter');
    const rows = district.locator('.pwd-list__table tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('271828');
    await expect(rows.nth(1)).toContainText('314159');
    await expect(rows.first()).toContainText('Extend by 30 days');
    await keepScreenshot(district, 'dynamic-passwords-pwd-list-en');
  });

  test('a manufacturer calculates on calculate-dynamic-pwd: the password, unlimited, and its record below', async ({ newContext }) => {
    test.setTimeout(120_000);
    const maker = await signedInPage(newContext, 'demo_maker');
    await maker.goto('/qrManage/calculate-dynamic-pwd');
    const target = await someController(maker);
    await calculate(maker, target, '123456');
    await expect(maker.locator('.calculate-form__password')).toHaveText(/^\d{8}$/);
    await expect(maker.locator('.calculate-form__remaining')).toHaveText('Calculations left: Unlimited');
    const record = Number((await maker.locator('.calculate-form__record').textContent())!.replace(/\D/g, ''));
    await expect(maker.locator(`.recent-calculations__table tr[data-calculation="${record}"]`)).toContainText('123456');
    await keepScreenshot(maker, 'dynamic-passwords-maker-calculated-en');

    // In Chinese: the manufacturer's quota screen (unlimited, its distributors) and the binding records.
    await useLanguage(maker, 'zh');
    await maker.goto('/qrManage/pwd-quota');
    await expect(maker.locator('.pwd-quota__own-count .ant-statistic-content')).toHaveText('不限');
    await expect(maker.locator('.pwd-quota__users tr[data-user="demo_district"]')).toBeVisible();
    await expect(maker.locator('.pwd-quota__users tr[data-user="demo_region"]')).toBeVisible();
    await keepScreenshot(maker, 'dynamic-passwords-quota-maker-zh');
    await maker.goto('/qrManage/bind-list');
    await expect(maker.locator('.bind-list__table thead')).toContainText('扫码方式');
    await keepScreenshot(maker, 'dynamic-passwords-bind-list-zh');
  });
});
