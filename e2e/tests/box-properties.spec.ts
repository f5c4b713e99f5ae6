import type { BoxProperties, Count } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { api, freshBoxId, registerBox, tokenOf } from './support/devices.js';
import { hideToasts, keepScreenshot, useLanguage, useSession } from './support/session.js';

const tokens: Record<string, string> = {};
const BOX = { owned: freshBoxId(), moved: `${freshBoxId()}1` };

/**
 * A page of `username`'s browser, in English, holding the session its first sign-in gave; the demo
 * fleet's notice toasts kept out (at 800 px they lie over a dialog's save button).
 */
async function signedIn(newContext: NewContext, username: string): Promise<Page> {
  const page = await (await newContext({ locale: 'en-US' })).newPage();
  await hideToasts(page);
  await useLanguage(page, 'en');
  await useSession(page, username);
  return page;
}

/** Waits for a dialog to finish coming in (a screenshot mid-way shows half of it). */
async function settled(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** Searches a /smartbox box list for one box and answers its row. */
async function findRow(page: Page, table: string, boxId: string) {
  await page.locator(`${table} .smartbox-toolbar__search input`).fill(boxId);
  await page.locator(`${table} .smartbox-toolbar__search input`).press('Enter');
  const row = page.locator(`${table} tr[data-box="${boxId}"]`);
  await expect(row).toBeVisible();
  return row;
}

function boxProperties(request: APIRequestContext, user: string, boxId: string): Promise<BoxProperties> {
  return api<BoxProperties>(request, tokens[user]!, `/box-properties/${boxId}`);
}

test.describe('box properties', () => {
  test.beforeAll(async ({ browser, request }) => {
    for (const username of ['demo_root', 'demo_manager']) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await useLanguage(page, 'en');
      await useSession(page, username);
      tokens[username] = await tokenOf(page);
      await context.close();
    }
    // Two fresh boxes of CK 1001, bound to demo_manager as add-device binds them.
    for (const id of Object.values(BOX)) {
      await registerBox(request, tokens.demo_root!, { id, remark: 'before' });
      await api(request, tokens.demo_manager!, '/user_register/register_device_to_user', { method: 'POST', data: { device_id: id, ck: '1001' } });
    }
  });

  test('the owner edits the remark and a device number of its box on the box page', async ({ newContext, request }) => {
    const page = await signedIn(newContext, 'demo_manager');
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/devices/box/${BOX.owned}`);
    await page.locator('.box-edit').click();
    await expect(page.locator('#remark')).toHaveValue('before');
    await page.locator('#remark').fill('north pump house');
    await page.locator('#device_numbers_0_device_number').fill('B-17');
    await settled(page, '.ant-modal');
    await keepScreenshot(page, 'box-properties-owner-form-800');
    await page.locator('.box-form__save').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();
    await expect(page.locator('.device-box')).toContainText('north pump house');
    expect(await boxProperties(request, 'demo_manager', BOX.owned)).toMatchObject({ remark: 'north pump house', controllers: [{ device_number: 'B-17' }] });
  });

  test('root edits a property in the list and sets a box’s coordinates on the offline map', async ({ newContext, request }) => {
    const page = await signedIn(newContext, 'demo_root');
    await page.setViewportSize({ width: 800, height: 900 });

    await page.goto('/smartbox/device-property');
    const row = await findRow(page, '.box-property-table', BOX.owned);
    await row.locator('.box-property-table__edit').click();
    await page.locator('#contact').fill('Wang Wu');
    await page.locator('.box-form__save').click();
    await expect(row).toContainText('Wang Wu');
    await keepScreenshot(page, 'box-properties-list-800');

    await page.goto('/smartbox/box-address');
    const addressRow = await findRow(page, '.box-address-table', BOX.owned);
    await addressRow.locator('.box-address-table__edit').click();
    const map = page.locator('.map-picker canvas').first();
    await expect(map).toBeVisible();
    const before = await page.locator('.box-address__latitude input').inputValue();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect(page.locator('.box-address__latitude input')).not.toHaveValue(before);
    await settled(page, '.ant-modal');
    await keepScreenshot(page, 'box-properties-address-800');
    await page.locator('.box-address__save').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();
    expect((await boxProperties(request, 'demo_root', BOX.owned)).latitude).not.toBe(31.23);
  });

  test('root moves a box to another CK and sees the move in the history; its owner no longer sees it', async ({ newContext, request }) => {
    const page = await signedIn(newContext, 'demo_root');
    await page.setViewportSize({ width: 800, height: 900 });

    await page.goto('/smartbox/box-ck');
    const moveRow = await findRow(page, '.box-ck-table', BOX.moved);
    await moveRow.locator('.ant-checkbox-input').check();
    await page.locator('.box-ck__target').fill('2002');
    await page.locator('.box-ck__move').click();
    await expect(page.locator('.ant-modal-confirm-title')).toContainText('Move 1 box(es) to CK 2002');
    await page.locator('.box-ck__confirm').click();
    await expect(page.locator('.ant-message-success')).toContainText('moved to CK 2002');
    const history = page.locator(`.box-ck-history tr[data-box="${BOX.moved}"]`);
    await expect(history).toContainText('1001');
    await expect(history).toContainText('2002');
    await expect(history).toContainText('demo_root');
    await history.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'box-properties-ck-history-800');
    const owner = await request.get(`/api/v2/devices/${BOX.moved}`, { headers: { Authorization: `Bearer ${tokens.demo_manager}` } });
    expect(owner.status()).toBe(404);
  });

  test('root clears the fault records of a box in a time range after a confirmation that names the count', async ({ newContext, request }) => {
    const page = await signedIn(newContext, 'demo_root');
    await page.setViewportSize({ width: 800, height: 900 });

    // The simulator keeps raising faults, and raises a cleared active one again: the range ends (exclusive) at the
    // second after a fault that started at least two seconds before this read, so no fault raised later falls in it.
    const listedAt = Date.now();
    const { items } = await api<{ items: { box_id: string; started_at: string }[] }>(request, tokens.demo_root!, '/faults?page_size=50');
    const fault = items.find((item) => Date.parse(item.started_at) < listedAt - 2_000);
    expect(fault, 'the demo has fault records').toBeDefined();
    const started = Date.parse(fault!.started_at);
    const range = { from: new Date(started - 3_600_000), to: new Date(Math.floor(started / 1000) * 1000 + 1000) };
    const local = (time: Date) => new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    await page.goto('/smartbox/box-clear-fault-record');
    await page.locator('.clear-faults__box input').fill(fault!.box_id);
    await page.locator('.clear-faults__box input').press('Enter');
    await expect(page.locator('.clear-faults__loaded')).toContainText(fault!.box_id);
    const inputs = page.locator('.clear-faults__range input');
    await inputs.first().click();
    await inputs.first().fill(local(range.from));
    await inputs.first().press('Enter');
    await inputs.nth(1).fill(local(range.to));
    await inputs.nth(1).press('Enter');
    const expected = await api<Count>(
      request,
      tokens.demo_root!,
      `/box-properties/${fault!.box_id}/faults?from=${range.from.toISOString()}&to=${range.to.toISOString()}`,
    );
    expect(expected.count).toBeGreaterThan(0);
    await page.locator('.clear-faults__clear').click();
    await expect(page.locator('.ant-modal-confirm-title')).toContainText(`Clear ${expected.count} fault record(s)`);
    await keepScreenshot(page, 'box-properties-clear-faults-800');
    await page.locator('.clear-faults__confirm').click();
    await expect(page.locator('.ant-message-success')).toContainText(`${expected.count} fault record(s) cleared`);
    const after = await api<Count>(
      request,
      tokens.demo_root!,
      `/box-properties/${fault!.box_id}/faults?from=${range.from.toISOString()}&to=${range.to.toISOString()}`,
    );
    expect(after.count).toBe(0);
  });
});
