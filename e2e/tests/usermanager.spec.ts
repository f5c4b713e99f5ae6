import { Ecc, QrCode } from '@rc-component/qrcode/lib/libs/qrcodegen.js';
import { MAGLEV_BLOWER, type CkUserView, type DeviceItem, type ManagedUserView, type Page as ListPage, type RelationDevicePage } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { crc32, deflateSync } from 'node:zlib';
import { api, freshBoxId, listDevices, registerBox, tokenOf } from './support/devices.js';
import { DEMO_PASSWORD } from './expected-menus.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** Another person at another browser: a context of its own, signed in. */
async function otherBrowser(newContext: NewContext, username: string, password?: string): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await useSession(page, username, password);
  return page;
}

function deviceRows(page: Page) {
  return page.locator('.devices-show__table .ant-table-tbody tr[data-box]');
}

/** The boxes of the device list's rows (a box has a row per controller). */
async function listedBoxes(page: Page): Promise<string[]> {
  return [...new Set(await deviceRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-box') ?? '')))];
}

/**
 * A photo of a QR code: a greyscale PNG, 8 px a module with the quiet zone, encoded here (the QR
 * encoder of antd's QRCode component, zlib for the PNG) so the console's photo reader gets a real image.
 */
function qrPng(text: string | null, scale = 8, margin = 4): Buffer {
  const qr = text === null ? null : QrCode.encodeText(text, Ecc.MEDIUM);
  const side = ((qr?.size ?? 21) + margin * 2) * scale;
  const raw = Buffer.alloc((side + 1) * side, 255);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0; // each scanline: filter "none"
    for (let x = 0; x < side; x++) {
      const [column, row] = [Math.floor(x / scale) - margin, Math.floor(y / scale) - margin];
      if (qr && column >= 0 && row >= 0 && column < qr.size && row < qr.size && qr.getModule(column, row)) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(crc32(body), 4);
    return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0 (greyscale), deflate, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An online blower of demo_manager's own (it may share it), with its live screen's station. */
async function ownOnlineBlower(request: APIRequestContext, token: string): Promise<DeviceItem> {
  const own = new Set(
    (await api<RelationDevicePage>(request, token, '/user_register/get_unassigned_devices?page=1&page_size=500')).items.map((item) => item.box_id),
  );
  const blowers: ListPage<DeviceItem> = await listDevices(request, token, { model: 'maglev_blower', status: 'online', page_size: '200' });
  const blower = blowers.items.find((item) => own.has(item.box_id) && item.controller_id !== null);
  if (!blower) throw new Error('demo_manager has no online blower of its own');
  return blower;
}

/** Waits for a drawer or dialog to finish coming in (a screenshot mid-way shows half of it). */
async function settled(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** Signs out (the session cookie goes) and in again as another user, in a language. */
async function signInAgain(page: Page, username: string, language: 'zh' | 'en'): Promise<void> {
  await page.context().clearCookies();
  await useLanguage(page, language);
  await useSession(page, username);
}

/** A session token straight from the login call, for set-up done through the API. */
async function loginToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/v2/user/login', { data: { username, password: DEMO_PASSWORD } });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The register errors a form shows, by their exact text. */
function formError(page: Page, text: string) {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

test.describe('user management', () => {
  test('a manager creates a helper and shares a device read-only; the helper sees it and cannot write it, can once the share gives write, and loses it live when it is recalled', async ({
    page,
    newContext,
    request,
  }) => {
    const helperName = `e2e_h${Date.now() % 1_000_000_000}`;
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    await page.goto('/usermanager/add-helper');
    await page.locator('#register-helper_username').fill(helperName);
    await page.locator('#register-helper_password').fill('secret123');
    await page.locator('#register-helper_password_repeat').fill('secret123');
    await page.locator('.usermanager-register-submit').click();
    await expect(page).toHaveURL(/\/usermanager\/edit-helper$/);
    const row = page.locator('.edit-helper .ant-table-row', { hasText: helperName });
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'usermanager-helpers-en');

    // A live blower of the manager's: the helper (no model: every register) gets its writable speed set point through the share only.
    const token = await tokenOf(page);
    const helper = (await api<ManagedUserView[]>(request, token, '/user_register/get_helpers')).find((candidate) => candidate.username === helperName)!;
    const blower = await ownOnlineBlower(request, token);
    const boxId = blower.box_id;
    const setPoint = MAGLEV_BLOWER.speedSetPoint;

    await row.locator('.helper-devices-link').click();
    await expect(page).toHaveURL(new RegExp(`/usermanager/helper-device\\?user_id=${helper.id}`));
    await page.getByRole('tab', { name: 'Shareable' }).click();
    await page.locator('.unshared-devices .usermanager-toolbar__search input').fill(boxId);
    await page.locator('.unshared-devices .usermanager-toolbar__search input').press('Enter');
    const shareRow = page.locator('.unshared-devices .ant-table-row', { hasText: boxId });
    await shareRow.locator('.share-device').click();
    await expect(page.locator('.ant-message-success', { hasText: '1 device(s) done' })).toBeVisible();
    await page.getByRole('tab', { name: 'Shared' }).click();
    const sharedRow = page.locator('.shared-devices .ant-table-row', { hasText: boxId });
    await expect(sharedRow.locator('.share-permission-change')).toContainText('Read only');
    await keepScreenshot(page, 'usermanager-helper-device-en');

    // The helper, in a browser of its own, sees the shared device; its live screen shows the set point without an edit control.
    const helperPage = await otherBrowser(newContext, helperName, 'secret123');
    await helperPage.goto('/devices/devices-show');
    await expect.poll(() => listedBoxes(helperPage)).toEqual([boxId]);
    const live = `/devices/maglev-controller/${boxId}/${blower.controller_id}`;
    await helperPage.goto(live);
    const setPointValue = helperPage.locator(`.register-value[data-register="${setPoint}"]`);
    await expect(setPointValue.locator('.register-value__text')).not.toHaveText('—');
    await expect(setPointValue.locator('.register-edit')).toHaveCount(0);
    // A direct write of that writable register is refused for want of the right (403/404), not as a bad value or a read-only register (400).
    const helperToken = await tokenOf(helperPage);
    const writePath = `/api/v2/devices/${boxId}/controllers/${blower.controller_id}/write`;
    const refused = await request.post(writePath, { headers: { Authorization: `Bearer ${helperToken}` }, data: { register: setPoint, value: '15000' } });
    expect([403, 404]).toContain(refused.status());

    // The manager gives the share write (in place, in the shared list); the same register is now written and acked by the box.
    await sharedRow.locator('.share-permission-change').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Read and write' }).click();
    await expect(sharedRow.locator('.share-permission-change')).toContainText('Read and write');
    await helperPage.reload();
    await setPointValue.locator('.register-edit').click();
    await helperPage.locator('.write-dialog input').fill('15000');
    await helperPage.locator('.write-dialog input').press('Enter');
    await helperPage.locator('.write-confirm .ant-btn-primary').click();
    await expect(setPointValue.locator('.command-tag[data-state="acked"]')).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(helperPage, 'usermanager-helper-write-share-zh');

    // The manager recalls the share: the helper's open list drops the device without a reload.
    await helperPage.goto('/devices/devices-show');
    await expect.poll(() => listedBoxes(helperPage)).toEqual([boxId]);
    await sharedRow.locator('.recall-share').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(sharedRow).toHaveCount(0);
    await expect(deviceRows(helperPage)).toHaveCount(0, { timeout: 15_000 });
    await keepScreenshot(helperPage, 'usermanager-helper-list-after-recall-zh');
  });

  test('an assignment to a sub-manager moves ownership, and the assigner cannot recall it', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
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
    await expect(page.locator('.ant-message-success', { hasText: '1 device(s) done' })).toBeVisible();
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
    const recall = await request.post('/api/v2/user_register/recall_assigned_device', {
      headers: { Authorization: `Bearer ${token}` },
      data: { device_id: boxId },
    });
    expect(recall.status()).toBe(403);
  });

  test('the register form answers bad input with the spec’s messages, in Chinese and in English', async ({ page }) => {
    await useSession(page, 'demo_manager');
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

  test('the add-helper form answers a bad user name, password and repeated password with the spec’s messages in Chinese and English, and creates nobody', async ({
    page,
    request,
  }) => {
    await useSession(page, 'demo_manager');
    const token = await tokenOf(page);
    const before = (await api<ManagedUserView[]>(request, token, '/user_register/get_helpers')).map((helper) => helper.username).sort();
    const field = (name: string) => page.locator(`#register-helper_${name}`);
    const submit = () => page.locator('.usermanager-register-submit').click();

    await page.goto('/usermanager/add-helper');
    await field('username').fill('张 三');
    await field('password').fill('12 3');
    await field('password_repeat').fill('12 34');
    await submit();
    await expect(formError(page, '需要6-20位数字或字符或@#%^&*_-+!')).toBeVisible();
    await expect(formError(page, '用户名不能包含中文或空格!')).toBeVisible();
    await expect(formError(page, '密码必须为6-20位数字或字符!').first()).toBeVisible();
    await expect(formError(page, '密码不能包含中文或空格!').first()).toBeVisible();
    await expect(formError(page, '两次输入的密码不一致!')).toBeVisible();
    await keepScreenshot(page, 'usermanager-add-helper-errors-zh');

    await useLanguage(page, 'en');
    await page.reload();
    await submit();
    await expect(formError(page, 'User name cannot be empty!')).toBeVisible();
    await expect(formError(page, 'Password cannot be empty!')).toHaveCount(2);
    await field('username').fill('abc');
    await field('password').fill('secret123');
    await field('password_repeat').fill('secret124');
    await submit();
    await expect(formError(page, '6-20 digit number or character or @#%^&*_-+ required!')).toBeVisible();
    await expect(formError(page, 'The two passwords do not match!')).toBeVisible();
    await keepScreenshot(page, 'usermanager-add-helper-errors-en');

    await expect(page).toHaveURL(/\/usermanager\/add-helper$/);
    expect((await api<ManagedUserView[]>(request, token, '/user_register/get_helpers')).map((helper) => helper.username).sort()).toEqual(before);
  });

  test('add-device binds a box by its id and CK code, answers bad input, and reads the id and code from a photo of the QR code', async ({ page, request }) => {
    const rootToken = await loginToken(request, 'demo_root');
    const [typed, scanned] = [freshBoxId(), `${freshBoxId()}1`];
    await registerBox(request, rootToken, { id: typed });
    await registerBox(request, rootToken, { id: scanned });

    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    const token = await tokenOf(page);
    await page.goto('/usermanager/add-device');
    const boxField = page.locator('#add-device_device_id');
    const ckField = page.locator('#add-device_ck');
    const bind = () => page.locator('.bind-device-submit').click();
    const serverSays = (text: string) => expect(page.locator('.ant-message-error', { hasText: text })).toBeVisible();

    // The form's own checks: nothing is sent.
    await ckField.fill('12');
    await boxField.fill('12a');
    await bind();
    await expect(formError(page, 'The box ID must be 1-32 digits')).toBeVisible();
    await expect(formError(page, 'CK code must be exactly 4 digits')).toBeVisible();
    // The server's: another CK's code, an unknown box, then the right code binds it, and a second bind is refused.
    await boxField.fill(typed);
    await ckField.fill('2002');
    await bind();
    await serverSays('The CK code does not match this device.');
    await boxField.fill('999999999999');
    await ckField.fill('1001');
    await bind();
    await serverSays('Box not found.');
    await boxField.fill(typed);
    await bind();
    await expect(page.locator('.ant-message-success', { hasText: `Device ${typed} is now bound to your account` })).toBeVisible();
    await keepScreenshot(page, 'usermanager-add-device-en');
    await boxField.fill(typed);
    await bind();
    await serverSays('This device is already bound to a user.');
    const own = await api<RelationDevicePage>(request, token, `/user_register/get_unassigned_devices?page=1&page_size=20&keyword=${typed}`);
    expect(own.items.map((item) => item.box_id)).toEqual([typed]);

    // A photo without a code says so; the box's label fills both fields, and binding it works.
    const photo = page.locator('.add-device input[type="file"]');
    await photo.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: qrPng(null) });
    await expect(page.locator('.ant-message-error', { hasText: 'No QR code found in this photo' })).toBeVisible();
    await boxField.fill('');
    await ckField.fill('');
    await photo.setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: qrPng(`https://cloudbox.example/bind?box_id=${scanned}&ck=1001`) });
    await expect(page.locator('.ant-message-success', { hasText: `QR code read: ${scanned}` })).toBeVisible();
    await expect(boxField).toHaveValue(scanned);
    await expect(ckField).toHaveValue('1001');
    await bind();
    await expect(page.locator('.ant-message-success', { hasText: `Device ${scanned} is now bound to your account` })).toBeVisible();
    const scannedOwn = await api<RelationDevicePage>(request, token, `/user_register/get_unassigned_devices?page=1&page_size=20&keyword=${scanned}`);
    expect(scannedOwn.total).toBe(1);
  });

  test('a sub-manager authorises its superior to switch an assigned box and withdraws it, the drawer showing who may hold it and the state flipping; the superior sees it on manager-device', async ({
    page,
    newContext,
    request,
  }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    const token = await tokenOf(page);
    const sub = (await api<ManagedUserView[]>(request, token, '/user_register/get_managers')).find((manager) => manager.username === 'demo_sub2')!;
    const boxId = (await api<RelationDevicePage>(request, token, '/user_register/get_unassigned_devices?page=1&page_size=20')).items[0]!.box_id;
    await api(request, token, '/user_register/batch_assign_devices', { method: 'POST', data: { device_ids: [boxId], user_id: sub.id } });
    const managerHolds = async () =>
      (await api<RelationDevicePage>(request, token, `/user_register/get_assigned_devices?user_id=${sub.id}&page=1&page_size=20&keyword=${boxId}`)).items[0]!
        .switch_authorized;
    expect(await managerHolds()).toBe(false);

    // demo_sub2 opens its own devices and the box's authorisation: those who may hold it with their state, its superior first and marked.
    const subPage = await otherBrowser(newContext, 'demo_sub2');
    await useLanguage(subPage, 'en');
    await subPage.goto('/usermanager/edit-manager');
    const search = subPage.locator('.my-devices .usermanager-toolbar__search input');
    await search.fill(boxId);
    await search.press('Enter');
    await subPage.locator('.my-devices .ant-table-row', { hasText: boxId }).locator('.switch-grant-open').click();
    const drawer = subPage.locator('.switch-grant-drawer');
    await expect(drawer).toContainText(`Switch on/off authorisation of device ${boxId}`);
    const users = await api<CkUserView[]>(request, await tokenOf(subPage), `/user_register/get_dev_ck_users?device_id=${boxId}`);
    expect(users.find((user) => user.username === 'demo_manager')).toMatchObject({ via: 'superior', switch_authorized: false });
    const candidates = users.filter((user) => user.via === 'superior' || user.via === 'share' || user.switch_authorized);
    const rows = drawer.locator('.switch-grant-users .ant-table-row');
    await expect(rows).toHaveCount(candidates.length);
    const superior = rows.first();
    await expect(superior).toContainText('demo_manager');
    await expect(superior).toContainText('Your superior');
    await expect(superior.locator('.switch-grant-state')).toHaveAttribute('data-authorized', 'false');
    await expect(superior.locator('.switch-revoke')).toHaveCount(0);
    // Service staff have their own section, without authorise: demo_sub2 is not the box's top owner.
    await expect(drawer.locator('.service-switch-not-top')).toContainText('Only the top owner of this device, demo_manager, may authorise service staff');
    await expect(drawer.locator('.service-switch-users .ant-table-row', { hasText: 'demo_qc' })).toContainText('Not authorised');
    await expect(drawer.locator('.service-switch-grant')).toHaveCount(0);
    const service = await drawer.locator('.service-switch-users .ant-table-row').count();
    // The rest of the CK is folded away with the reason, without an authorise button.
    await drawer.locator('.switch-grant-others .ant-collapse-header').click();
    await expect(drawer.locator('.switch-grant-other', { hasText: 'demo_limited' })).toContainText('Company staff: cannot be authorised to switch');
    await expect(drawer.locator('.switch-grant-other', { hasText: 'demo_sub3' })).toContainText('Does not see this device: share it with them first');
    await expect(drawer.locator('.switch-grant-others .switch-grant')).toHaveCount(0);
    await expect(drawer.locator('.switch-grant-others .ant-collapse-header')).toContainText(
      `Cannot be authorised (${users.length - candidates.length - service})`,
    );
    await settled(subPage, '.switch-grant-drawer-root');
    await keepScreenshot(subPage, 'usermanager-switch-grant-en');

    // Authorising flips the row to authorised with a withdraw in place of authorise.
    await superior.locator('.switch-grant').click();
    await expect(subPage.locator('.ant-message-success', { hasText: '1 device(s) done' })).toBeVisible();
    await expect(superior.locator('.switch-grant-state')).toHaveAttribute('data-authorized', 'true');
    await expect(superior.locator('.switch-grant')).toHaveCount(0);
    expect(await managerHolds()).toBe(true);
    await page.goto(`/usermanager/manager-device?user_id=${sub.id}&name=demo_sub2`);
    await page.locator('.assigned-devices .usermanager-toolbar__search input').fill(boxId);
    await page.locator('.assigned-devices .usermanager-toolbar__search input').press('Enter');
    await expect(page.locator('.assigned-devices .ant-table-row', { hasText: boxId }).locator('.assigned-switch')).toHaveAttribute('data-authorized', 'true');

    await superior.locator('.switch-revoke').click();
    await expect(subPage.locator('.ant-message-success', { hasText: '1 device(s) done' }).last()).toBeVisible();
    await expect(superior.locator('.switch-grant-state')).toHaveAttribute('data-authorized', 'false');
    await expect(superior.locator('.switch-grant')).toBeVisible();
    expect(await managerHolds()).toBe(false);
    await page.reload();
    await page.locator('.assigned-devices .usermanager-toolbar__search input').fill(boxId);
    await page.locator('.assigned-devices .usermanager-toolbar__search input').press('Enter');
    await expect(page.locator('.assigned-devices .ant-table-row', { hasText: boxId }).locator('.assigned-switch')).toHaveAttribute('data-authorized', 'false');
  });

  test('recall, add and edit controls show only to those the server lets use them; afterSales reads helpers, shares and assignments without them', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    const sub = (await api<ManagedUserView[]>(request, await tokenOf(page), '/user_register/get_managers')).find(
      (manager) => manager.username === 'demo_sub2',
    )!;
    const managerDevice = `/usermanager/manager-device?user_id=${sub.id}&name=demo_sub2`;
    await page.goto(managerDevice);
    await expect(page.locator('.assigned-devices .ant-table-row').first()).toBeVisible();
    await expect(page.locator('.recall-all-assignments')).toHaveCount(0);
    await expect(page.locator('.recall-assignment')).toHaveCount(0);
    await page.goto('/usermanager/edit-helper');
    await expect(page.locator('.add-helper-button')).toBeVisible();
    const ownHelper = page.locator('.edit-helper .ant-table-row', { hasText: 'demo_helper' });
    await expect(ownHelper.locator('.helper-delete')).toBeVisible();
    await expect(ownHelper.locator('.usermanager-model-select')).toBeVisible();

    // afterSalesPlus undoes assignments (audited, and the confirmation says so); afterSales may not add helpers.
    await signInAgain(page, 'demo_service_plus', 'en');
    await page.goto(managerDevice);
    await expect(page.locator('.recall-assignment').first()).toBeVisible();
    await page.locator('.recall-all-assignments').click();
    const confirm = page.locator('.recall-all-assignments-confirm');
    await expect(confirm).toContainText('Undo every assignment to demo_sub2?');
    await expect(confirm).toContainText('audited');
    await settled(page, '.ant-modal-root:has(.recall-all-assignments-confirm)');
    await keepScreenshot(page, 'usermanager-recall-all-en');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);

    // afterSales sees its CK's helpers and managers without the controls only their own manager may use (the server answers 404).
    await signInAgain(page, 'demo_service', 'en');
    await page.goto('/usermanager/edit-helper');
    await expect(page.locator('.edit-helper .ant-card-head')).toBeVisible();
    const helperRow = page.locator('.edit-helper .ant-table-row', { hasText: 'demo_helper' });
    await expect(helperRow.locator('.managed-model')).toBeVisible();
    await expect(page.locator('.edit-helper .ant-table-row').first()).toBeVisible();
    await expect(page.locator('.add-helper-button')).toHaveCount(0);
    await expect(page.locator('.edit-helper .usermanager-model-select')).toHaveCount(0);
    await expect(page.locator('.edit-helper .helper-password')).toHaveCount(0);
    await expect(page.locator('.edit-helper .helper-delete')).toHaveCount(0);
    // Its link reads the helper's shares by anyone in the CK, with their sharers, and changes nothing.
    await helperRow.locator('.helper-devices-link', { hasText: 'Shared devices' }).click();
    await expect(page.locator('.shares-read-only')).toContainText('Only the one who shared a device changes or recalls its share.');
    await expect(page.locator('.shared-devices .ant-table-row').first()).toContainText('demo_manager');
    await expect(page.locator('.helper-device .ant-tabs')).toHaveCount(0);
    await expect(
      page.locator(
        '.shared-devices .ant-checkbox, .shared-devices .recall-share, .shared-devices .switch-authorization, .shared-devices .share-permission-change',
      ),
    ).toHaveCount(0);
    await page.goto('/usermanager/edit-manager');
    await expect(page.locator('.edit-manager .ant-table-row', { hasText: 'demo_sub2' }).locator('.managed-model')).toBeVisible();
    await expect(page.locator('.edit-manager .usermanager-model-select')).toHaveCount(0);
    await page.goto(managerDevice);
    await expect(page.locator('.assigned-devices .ant-table-row').first()).toContainText('demo_manager');
    await expect(page.locator('.recall-assignment')).toHaveCount(0);
    await expect(page.locator('.recall-all-assignments')).toHaveCount(0);
    await expect(page.locator('.manager-device .ant-tabs-tab')).toHaveCount(1);
  });

  test('screens of user management at desk and phone width, in Chinese and English', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await loginToken(request, 'demo_manager');
    const sub = (await api<ManagedUserView[]>(request, token, '/user_register/get_managers')).find((manager) => manager.username === 'demo_sub2')!;
    const helper = (await api<ManagedUserView[]>(request, token, '/user_register/get_helpers')).find((candidate) => candidate.username === 'demo_helper')!;
    const screens: [name: string, user: string, path: string, ready: string][] = [
      ['edit-manager', 'demo_sub2', '/usermanager/edit-manager', '.my-devices .ant-table-row'],
      ['switch-grant', 'demo_sub2', '/usermanager/edit-manager', '.switch-grant-users .ant-table-row'],
      ['edit-helper', 'demo_manager', '/usermanager/edit-helper', '.edit-helper .ant-table-row'],
      ['helper-device', 'demo_manager', `/usermanager/helper-device?user_id=${helper.id}&name=demo_helper`, '.shared-devices .ant-table-row'],
      ['manager-device', 'demo_service_plus', `/usermanager/manager-device?user_id=${sub.id}&name=demo_sub2`, '.assigned-devices .ant-table-row'],
      ['add-device', 'demo_manager', '/usermanager/add-device', '.bind-device-submit'],
      ['add-helper', 'demo_manager', '/usermanager/add-helper', '.usermanager-register-submit'],
    ];
    for (const language of ['zh', 'en'] as const) {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        let user = '';
        for (const [name, who, path, ready] of screens) {
          if (who !== user) {
            await signInAgain(page, who, language);
            user = who;
          }
          await page.goto(path);
          if (name === 'switch-grant') await page.locator('.my-devices .switch-grant-open').first().click();
          await expect(page.locator(ready).first()).toBeVisible();
          if (name === 'switch-grant') await settled(page, '.switch-grant-drawer-root');
          await keepScreenshot(page, `usermanager-screen-${name}-${width}-${language}`);
        }
      }
    }
  });
});
