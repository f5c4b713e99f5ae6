import { MAGLEV_BLOWER, type AssignTarget, type Channel, type NotificationPreferences } from '@cloudbox/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PASSWORD } from './expected-menus.js';
import { api, freshBoxId, registerBox, tokenOf } from './support/devices.js';
import { keepScreenshot, signIn, useLanguage, useSession } from './support/session.js';

/*
 * Issue 14's inbox: a blower that demo_manager may read trips; the header's bell counts it without
 * a reload and a toast tells of it; the notification list leads to the device's fault record. Then
 * demo_manager adds an e-mail channel in the profile and sends faults through it.
 */

const REPOSITORY = join(import.meta.dirname, '..', '..');
/** The maglev blower's trip bit (its fault flag in the status word), set. */
const TRIPPED = 1;

async function rootToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v2/user/login', { data: { username: 'demo_root', password: DEMO_PASSWORD } });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** `npm run simulate` on one box, holding the blower's fault flag: the box trips as soon as it reports. */
function startTrippedBox(credentials: string, baseURL: string): ChildProcess {
  const options = ['--credentials', credentials, '--url', `${baseURL.replace(/^http/, 'ws')}/mqtt`];
  const quiet = ['--interval', '2', '--fault-rate', '0', '--drop-out-rate', '0', '--hold', `1:${MAGLEV_BLOWER.fault}=${TRIPPED}`];
  return spawn('npm', ['run', 'simulate', '--', ...options, ...quiet], { cwd: REPOSITORY, detached: true, stdio: 'ignore' });
}

test.describe('notifications', () => {
  let simulator: ChildProcess | undefined;
  test.afterAll(() => {
    if (simulator?.pid && simulator.exitCode === null) process.kill(-simulator.pid, 'SIGTERM');
  });

  test("a blower of demo_manager's trips: the bell counts it live, a toast tells, the list leads to the fault record", async ({ page, request }) => {
    test.setTimeout(180_000);
    // Root registers a fresh blower box in CK 1001 and gives it to demo_manager.
    const root = await rootToken(request);
    const boxId = freshBoxId();
    const secret = await registerBox(request, root, { id: boxId });
    const targets = await api<AssignTarget[]>(request, root, '/box-registry/assign-targets?ck=1001');
    const manager = targets.find((target) => target.username === 'demo_manager')!;
    await api(request, root, '/box-registry/assign', { method: 'POST', data: { ck: '1001', target_id: manager.id, start_id: boxId, end_id: boxId } });

    await useLanguage(page, 'en');
    await signIn(page, 'demo_manager');
    const bell = page.locator('.notification-bell');
    await expect(bell).toBeVisible();
    const token = await tokenOf(page);
    // The demo's boxes keep raising alerts, so the count only grows: once the bell shows at least what
    // the server counted, it has loaded, and what it shows then is the count to rise from.
    const counted = await api<number>(request, token, '/notifications/unread-count');
    const shown = async () => Number(await bell.getAttribute('data-count'));
    await expect.poll(shown).toBeGreaterThanOrEqual(counted);
    const before = await shown();

    const credentials = test.info().outputPath('tripped-box.json');
    await writeFile(credentials, JSON.stringify([{ id: boxId, secret, controllers: [{ station: 1, deviceType: 'maglev_blower' }] }]));
    simulator = startTrippedBox(credentials, test.info().project.use.baseURL!);

    // No reload: the WebSocket's notice raises the count and shows the toast.
    const toast = page.locator('.notice-toast', { hasText: boxId });
    await expect(toast).toBeVisible({ timeout: 90_000 });
    await expect(toast).toContainText('Fault');
    await expect(toast).toContainText('Blower tripped on a fault');
    await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThan(before);
    await keepScreenshot(page, 'notifications-toast-en');

    // The list, filtered to the box: the notification, unread; opening it reads it and leads to the record.
    await bell.click();
    await expect(page).toHaveURL(/\/msg\/notification-list$/);
    await page.locator('.notification-list__box input').fill(boxId);
    await page.locator('.notification-list__box input').press('Enter');
    const row = page.locator(`.notification-list__table tr[data-box="${boxId}"]`).first();
    await expect(row).toContainText('Blower tripped on a fault');
    await expect(row).toContainText('Unread');
    await keepScreenshot(page, 'notifications-list-en');
    const [item] = (await api<{ items: { id: number; fault_record_id: number }[] }>(request, token, `/notifications?box_id=${boxId}`)).items;
    await row.locator('.notification-list__open').click();
    await expect(page).toHaveURL(new RegExp(`/devices/error-record/${boxId}/1\\?record=${item!.fault_record_id}$`));
    await expect(page.locator(`.fault-table tr[data-fault="${item!.fault_record_id}"]`)).toHaveClass(/fault-table__row--highlight/);
    await keepScreenshot(page, 'notifications-fault-record-en');
    // Opening marks it read beside the navigation (the page does not wait for it): wait for that write.
    await expect
      .poll(async () => {
        const read = await api<{ items: { id: number; read: boolean }[] }>(request, token, `/notifications?box_id=${boxId}`);
        return read.items.find((candidate) => candidate.id === item!.id)?.read;
      })
      .toBe(true);
  });

  test('demo_manager adds an e-mail channel in the profile and sends faults through it', async ({ page, request }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    const token = await tokenOf(page);
    const address = `ops-${Date.now()}@example.com`;
    await page.goto('/profile/index');

    // A wrong address is refused beside its field; the right one is added.
    await page.locator('.notice-channels__add').click();
    await page.locator('.channel-form__target').fill('not-an-address');
    await page.locator('.channel-form .ant-btn-primary').click();
    await expect(page.locator('.channel-form .ant-form-item-explain-error')).toContainText('This is not an e-mail address');
    await page.locator('.channel-form__target').fill(address);
    await page.locator('.channel-form .ant-btn-primary').click();
    await expect(page.locator('.ant-message-success')).toContainText('Channel added.');
    await expect(page.locator('.notice-channels')).toContainText(address);

    await page.locator('[data-cell="fault:email"]').check();
    await page.locator('.push-matrix__save').click();
    await expect(page.locator('.ant-message-success', { hasText: 'Notification settings saved.' })).toBeVisible();
    await keepScreenshot(page, 'notifications-profile-en');

    const preferences = await api<NotificationPreferences>(request, token, '/notifications/preferences');
    expect(preferences.push.fault).toContain('email');
    const channels = await api<Channel[]>(request, token, '/notifications/channels');
    expect(channels).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'email', target: address, enabled: true, has_secret: false })]));
  });
});
