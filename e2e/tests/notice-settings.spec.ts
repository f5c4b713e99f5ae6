import {
  getDeviceType,
  MAGLEV_BLOWER,
  type Channel,
  type NoticeDelivery,
  type Page as ListPage,
  type PushSetting,
  type UpkeepReminder,
} from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, connectBox, freshBoxId, publishSamples, registerBox, tokenOf, workbookRows } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/*
 * Issue 14's notification management, as root: a push setting (a reversed range refused beside its
 * field first), a company's DingTalk robot with a secret, an upkeep reminder from the type's
 * registers; then a fault of a fresh box goes to that robot (which answers 404) and the
 * notification log shows the delivery, filtered by state, and exports it.
 */

/** Picks an option of an antd select by its label (typed first into a searchable one). */
async function choose(page: Page, select: string, label: string, search?: string): Promise<void> {
  await page.locator(select).click();
  if (search) await page.locator(select).locator('input').fill(search);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

async function remove(request: APIRequestContext, token: string, path: string): Promise<void> {
  await request.delete(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

test.describe('notification management', () => {
  test('root adds a push setting, a company robot and an upkeep reminder, then reads the notification log and exports it', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const before = String(BigInt(boxId) - 1n);
    const robot = `${baseURL}/api/v2/e2e-robot-${boxId}`;
    const parameter = `Replace filter ${boxId.slice(-5)}`;
    const created: string[] = [];

    try {
      await page.goto('/notice/notification-management');

      // A reversed range is refused beside the end before anything is sent; then the right one is saved.
      await page.locator('.push-setting__add').click();
      await page.locator('.push-setting-form__start').fill(boxId);
      await page.locator('.push-setting-form__end').fill(before);
      await page.locator('.push-setting-form [data-cell="fault:dingtalk"]').check();
      await page.locator('.push-setting-form__remark').fill('E2E robot only');
      await page.locator('.push-setting-form__save').click();
      await expect(page.locator('.push-setting-form .ant-form-item-explain-error')).toHaveText('The end box ID must not be smaller than the start box ID');
      await keepScreenshot(page, 'notice-settings-push-reversed-en');
      await page.locator('.push-setting-form__end').fill(boxId);
      await page.locator('.push-setting-form__save').click();
      await expect(page.locator('.ant-message-success', { hasText: 'Push setting added' })).toBeVisible();
      const pushRow = page.locator(`.push-setting-table tr[data-range="${boxId}-${boxId}"]`);
      await expect(pushRow).toContainText('DingTalk robot');
      await expect(pushRow.locator('.push-setting__route[data-type="fault"]')).toBeVisible();
      await expect(pushRow).toContainText('E2E robot only');
      await keepScreenshot(page, 'notice-settings-push-en');
      const setting = (await api<PushSetting[]>(request, token, '/push-settings')).find((item) => item.start_box_id === boxId)!;
      created.push(`/push-settings/${setting.id}`);
      expect(setting).toMatchObject({ end_box_id: boxId, push: { fault: ['dingtalk'] }, remark: 'E2E robot only' });

      // A company's DingTalk robot with its secret, listed as "secret set" (never shown back).
      await page.locator('.notification-management__tabs .ant-tabs-tab', { hasText: 'Company channels' }).click();
      await page.locator('.company-channel__add').click();
      await page.locator('.company-channel-form__ck').click();
      await page.locator('.company-channel-form__ck input').fill('1001');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '1001' }).first().click();
      await choose(page, '.company-channel-form .channel-form__kind', 'DingTalk robot');
      await page.locator('.company-channel-form .channel-form__name').fill(`Ops robot ${boxId.slice(-5)}`);
      await page.locator('.company-channel-form .channel-form__target').fill(robot);
      await page.locator('.company-channel-form .channel-form__secret input').fill('SECe2e-secret');
      await keepScreenshot(page, 'notice-settings-channel-form-en');
      await page.locator('.company-channel-form .ant-btn-primary').click();
      await expect(page.locator('.ant-message-success', { hasText: 'Company channel added' })).toBeVisible();
      const channel = (await api<Channel[]>(request, token, '/company-channels')).find((item) => item.target === robot)!;
      created.push(`/company-channels/${channel.id}`);
      expect(channel).toMatchObject({ ck: '1001', kind: 'dingtalk', has_secret: true, language: 'en', enabled: true, user_id: null });
      const channelRow = page.locator(`.company-channel-table tr[data-channel="${channel.id}"]`);
      await expect(channelRow).toContainText('1001');
      await expect(channelRow).toContainText('DingTalk robot');
      await expect(channelRow).toContainText('Set');
      await expect(channelRow).not.toContainText('SECe2e-secret');
      await keepScreenshot(page, 'notice-settings-channels-en');

      // An upkeep reminder on the blower's run hours, both picked from the selects.
      await page.locator('.notification-management__tabs .ant-tabs-tab', { hasText: 'Upkeep reminders' }).click();
      await page.locator('.upkeep-reminder__add').click();
      await page.locator('.upkeep-form__start').fill(boxId);
      await page.locator('.upkeep-form__end').fill(boxId);
      await choose(page, '.upkeep-form__type', getDeviceType('maglev_blower')!.name.en);
      await choose(page, '.upkeep-form__register', `${MAGLEV_BLOWER.runHours} Total run hours (h)`, 'Total run');
      await page.locator('.upkeep-form__parameter').fill(parameter);
      await page.locator('.upkeep-form__direction input[value="above"]').check();
      await page.locator('.upkeep-form__judge input').fill('5000');
      await keepScreenshot(page, 'notice-settings-upkeep-form-en');
      await page.locator('.upkeep-form__save').click();
      await expect(page.locator('.ant-message-success', { hasText: 'Upkeep reminder added' })).toBeVisible();
      const reminder = (await api<UpkeepReminder[]>(request, token, '/upkeep-reminders')).find((item) => item.parameter === parameter)!;
      created.push(`/upkeep-reminders/${reminder.id}`);
      expect(reminder).toMatchObject({
        start_box_id: boxId,
        end_box_id: boxId,
        device_type: { id: 'maglev_blower' },
        register: MAGLEV_BLOWER.runHours,
        judge_value: 5000,
        direction: 'above',
        enabled: true,
      });
      const reminderRow = page.locator(`.upkeep-reminder-table tr[data-reminder="${reminder.id}"]`);
      await expect(reminderRow).toContainText('Total run hours');
      await expect(reminderRow).toContainText('5000 h');
      await keepScreenshot(page, 'notice-settings-upkeep-en');

      // A fresh blower of CK 1001 trips: the fault goes to the robot, which answers 404; tried again 10 s later, it waits for its third try.
      const secret = await registerBox(request, token, { id: boxId });
      const box = await connectBox(baseURL!, boxId, secret);
      try {
        // The fault flag is bit 3 of the status word that the box reads for it.
        await publishSamples(box, boxId, [{ ts: Date.now(), values: { [String(MAGLEV_BLOWER.fault)]: 0b1000 } }]);
      } finally {
        await box.endAsync();
      }
      await expect
        .poll(
          async () => {
            const log = await api<ListPage<NoticeDelivery>>(request, token, `/notice-deliveries?box_id=${boxId}`);
            const delivery = log.items.find((item) => item.recipient.startsWith(robot));
            return delivery && delivery.attempts >= 2 ? delivery.state : undefined;
          },
          { timeout: 60_000 },
        )
        .toBe('queued');

      await page.goto('/notice/notification-log');
      await choose(page, '.notification-log__state', 'Queued');
      await page.locator('.notification-log__box-id input').fill(boxId);
      await page.locator('.notification-log__box-id input').press('Enter');
      const row = page.locator(`.notification-log__table tr[data-box="${boxId}"]`);
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-state', 'queued');
      await expect(row).toContainText('DingTalk robot');
      await expect(row).toContainText('Fault');
      await expect(row).toContainText(`${boxId} · Station 1`);
      await expect(row.locator('.notification-log__retries')).toHaveText(/^Retries: [1-9]$/);
      await keepScreenshot(page, 'notice-settings-log-en');
      await row.locator('.notification-log__error').hover();
      await expect(page.locator('.notification-log__error-tip')).toContainText('HTTP 404');

      const download = page.waitForEvent('download');
      await page.locator('.notification-log__export').click();
      const rows = await workbookRows(await (await download).path());
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining(['DingTalk robot', 'Queued', boxId]));
    } finally {
      for (const path of created.reverse()) await remove(request, token, path);
    }
  });
});
