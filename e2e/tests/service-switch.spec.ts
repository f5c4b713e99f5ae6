import { getDeviceType, type DeviceItem, type RelationDevicePage, type ServiceSwitchUsers } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { DEMO_PASSWORD } from './expected-menus.js';
import { api, listDevices } from './support/devices.js';
import { closeToastsInTheWay, keepScreenshot } from './support/session.js';

/**
 * Who may start and stop a machine, and what distributors see (DESIGN.md section 5): a box's top
 * owner authorises the company's service staff per box in the switch drawer; the staff then switch
 * it, and others see the switch locked with the reason. Distributors see the boxes sold through them.
 */

const startStop = getDeviceType('maglev_blower')!.registers.find((register) => register.onOff && register.writable)!.number;
const NARROW = { width: 800, height: 900 };

/** A session token straight from the login call, for set-up done through the API. */
async function loginToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/v2/user/login', { data: { username, password: DEMO_PASSWORD } });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/**
 * A page of its own at 800 px, in English, signed in with a session from the login call (the `Admin-Token` cookie).
 * The drawer's buttons sit where notice toasts pop up at that width: toasts in the way are closed.
 */
async function narrowPage(newContext: NewContext, token: string): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await newContext({ locale: 'en-US', viewport: NARROW });
  await context.addCookies([
    { name: 'Admin-Token', value: token, url: baseURL },
    { name: 'language', value: 'en', url: baseURL },
  ]);
  const page = await context.newPage();
  await closeToastsInTheWay(page);
  return page;
}

async function writeStatus(request: APIRequestContext, token: string, device: DeviceItem): Promise<number> {
  const response = await request.post(`/api/v2/devices/${device.box_id}/controllers/${device.controller_id}/write`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { register: startStop, value: '1' },
  });
  return response.status();
}

test.describe('who may switch a box', () => {
  test('a top owner authorises after-sales staff on one box in the switch drawer; they may then switch it, the others see it locked', async ({
    newContext,
    request,
  }) => {
    test.setTimeout(120_000);
    // A live blower demo_manager holds as its top owner (it may authorise), demo_service not yet authorised on it.
    const manager = await loginToken(request, 'demo_manager');
    // Right after the server starts, the demo fleet may not be online yet: wait for such a blower.
    let device: DeviceItem | undefined;
    await expect
      .poll(
        async () => {
          for (const candidate of (await listDevices(request, manager, { model: 'maglev_blower', status: 'online', page_size: '100' })).items) {
            const staff = await api<ServiceSwitchUsers>(request, manager, `/device_user_permission/get_service_switch_users?device_id=${candidate.box_id}`);
            const owned = await api<RelationDevicePage>(
              request,
              manager,
              `/user_register/get_unassigned_devices?page=1&page_size=1&keyword=${candidate.box_id}`,
            );
            if (staff.may_grant && owned.total > 0 && !staff.users.some((user) => user.username === 'demo_service' && user.switch_authorized)) {
              device = candidate;
              return candidate.box_id;
            }
          }
          return undefined;
        },
        { timeout: 60_000 },
      )
      .toBeDefined();
    const boxId = device!.box_id;
    const [service, qc] = [await loginToken(request, 'demo_service'), await loginToken(request, 'demo_qc')];
    expect(await writeStatus(request, service, device!)).toBe(403);

    // demo_manager, the box's owner and top owner, authorises demo_service in the drawer of its devices.
    const page = await narrowPage(newContext, manager);
    await page.goto('/usermanager/edit-manager');
    const search = page.locator('.my-devices .usermanager-toolbar__search input');
    await search.fill(boxId);
    await search.press('Enter');
    await page.locator('.my-devices .ant-table-row', { hasText: boxId }).locator('.switch-grant-open').click();
    const section = page.locator('.switch-grant-drawer .service-switch');
    await expect(section).toContainText('Service staff');
    await expect(section.locator('.service-switch-not-top')).toHaveCount(0);
    const row = section.locator('.service-switch-users .ant-table-row', { hasText: 'demo_service' }).filter({ hasNotText: 'demo_service_plus' });
    await expect(row.locator('.service-switch-state')).toHaveAttribute('data-authorized', 'false');
    await row.locator('.service-switch-grant').click();
    await expect(page.locator('.ant-message-success', { hasText: '1 device(s) done' })).toBeVisible();
    await expect(row.locator('.service-switch-state')).toHaveAttribute('data-authorized', 'true');
    await expect(row.locator('.service-switch-revoke')).toBeVisible();
    await expect(section.locator('.service-switch-users .ant-table-row', { hasText: 'demo_qc' }).locator('.service-switch-state')).toHaveAttribute(
      'data-authorized',
      'false',
    );
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'service-switch-drawer-800-en');

    // demo_service now has the box's switch enabled; demo_qc sees it locked, with the reason.
    const live = `/devices/maglev-controller/${boxId}/${device!.controller_id}`;
    const servicePage = await narrowPage(newContext, service);
    await servicePage.goto(live);
    const serviceSwitch = servicePage.locator(`.register-value[data-register="${startStop}"] .register-switch`);
    // The controller page loads its realtime values first (slow on a busy machine).
    await expect(serviceSwitch).toBeEnabled({ timeout: 30_000 });
    await expect(serviceSwitch).not.toHaveClass(/register-switch--locked/);
    expect(await writeStatus(request, service, device!)).toBe(200);

    const qcPage = await narrowPage(newContext, qc);
    await qcPage.goto(live);
    const locked = qcPage.locator(`.register-value[data-register="${startStop}"] .register-switch--locked`);
    await expect(locked).toBeDisabled({ timeout: 30_000 });
    await locked.hover();
    await expect(qcPage.locator('.ant-tooltip')).toContainText('You are not authorised to switch this device on or off');
    await keepScreenshot(qcPage, 'service-switch-locked-800-en');
    expect(await writeStatus(request, qc, device!)).toBe(403);

    // Withdrawn in the drawer: demo_service may no longer switch it.
    await row.locator('.service-switch-revoke').click();
    await expect(row.locator('.service-switch-state')).toHaveAttribute('data-authorized', 'false');
    expect(await writeStatus(request, service, device!)).toBe(403);
  });

  test('a district distributor sees the boxes sold through it and its regional distributors, a regional one its own', async ({ newContext, request }) => {
    const all = async (token: string) => {
      const first = await listDevices(request, token, { page_size: '500' });
      return { total: first.total, ids: new Set(first.items.map((item: DeviceItem) => item.box_id)) };
    };
    const districtToken = await loginToken(request, 'demo_district');
    const [root, district, region] = [
      await all(await loginToken(request, 'demo_root')),
      await all(districtToken),
      await all(await loginToken(request, 'demo_region')),
    ];
    expect(region.total).toBeGreaterThan(0);
    expect(district.total).toBeGreaterThan(region.total);
    expect(district.total).toBeLessThan(root.total);
    for (const id of region.ids) expect(district.ids.has(id)).toBe(true);

    const page = await narrowPage(newContext, districtToken);
    await page.goto('/devices/devices-show');
    await expect(page.locator('.devices-show .status-count[data-status="all"] .status-count__value')).toHaveText(String(district.total));
    const shown = await page
      .locator('.devices-show__table .ant-table-tbody tr[data-box]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-box')));
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(district.ids.has(id!)).toBe(true);
    await keepScreenshot(page, 'service-switch-district-list-800-en');
  });
});
