import type { AnnouncementItem, Page as ListPage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test, type NewContext } from './support/test.js';
import { api, tokenOf } from './support/devices.js';
import { keepScreenshot, signIn, useLanguage, useSession } from './support/session.js';

/** A title nobody else writes, so reruns on a kept data directory find their own announcement. */
const tag = String(Date.now() % 100_000);
const TITLE = `平台维护通知 ${tag}`;
const CONTENT = '本周日 02:00–04:00 平台维护，期间设备数据会延迟上报。\n维护结束后自动恢复。';

/** A browser of its own for demo_user (its own cookies), signed in afresh. */
async function demoUserPage(newContext: NewContext): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await useLanguage(page, 'zh');
  return page;
}

/** Signs demo_user in and waits until the console has asked which super-top announcements it has not acknowledged. */
async function signInAsDemoUser(page: Page): Promise<void> {
  const asked = page.waitForResponse((response) => response.url().includes('/api/v2/announcements/sign-in') && response.ok());
  await signIn(page, 'demo_user');
  await asked;
}

test.describe('announcements', () => {
  test('root publishes a super-top announcement to all; demo_user acknowledges it once at sign-in, finds it in its list, and loses it when withdrawn', async ({
    page,
    request,
    newContext,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, 'zh');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    let id: number | undefined;
    try {
      // The form checks what it can in the reader's language before anything is sent.
      await page.goto('/notice/notice-create');
      await page.locator('.notice-create__type').getByText('面向设备').click();
      await page.locator('.notice-create__start').fill('100000200');
      await page.locator('.notice-create__end').fill('100000100');
      await page.locator('.notice-create__submit').click();
      await expect(page.locator('.ant-form-item-explain-error', { hasText: '结束盒子ID不能小于起始盒子ID' })).toBeVisible();
      await expect(page.locator('.ant-form-item-explain-error', { hasText: '请填写此项' }).first()).toBeVisible();
      await keepScreenshot(page, 'announcements-create-errors-zh');

      // To User: users are searched by name among the accounts.
      await page.locator('.notice-create__type').getByText('面向用户').click();
      await page.locator('.notice-create__users').click();
      await page.locator('.notice-create__users input').fill('demo_us');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="demo_user"]').click();
      await expect(page.locator('.notice-create__users .ant-select-selection-item')).toHaveText(['demo_user']);
      await keepScreenshot(page, 'announcements-create-users-zh');

      await page.locator('.notice-create__type').getByText('面向全部').click();
      await page.locator('.notice-create #title').fill(TITLE);
      await page.locator('.notice-create #content').fill(CONTENT);
      await page.locator('.notice-create__pin').getByText('超级置顶').click();
      await keepScreenshot(page, 'announcements-create-zh');
      await page.locator('.notice-create__submit').click();

      await expect(page).toHaveURL(/\/notice\/notice-list$/);
      const listed = await api<ListPage<AnnouncementItem>>(request, token, '/announcements?page_size=500');
      const published = listed.items.find((item) => item.title === TITLE)!;
      expect(published).toMatchObject({ type: 'all', pin: 'super_top', state: 'active', content: CONTENT, expires_at: null });
      id = published.id;
      const row = page.locator(`.notice-list__table tr[data-announcement="${id}"]`);
      await expect(row).toContainText(TITLE);
      await expect(row).toContainText('超级置顶');
      await expect(row).toContainText('全部用户');
      await expect(row).toContainText('生效中');
      await keepScreenshot(page, 'announcements-list-zh');

      // Edited from the list: the form comes back filled, and saving returns to the list.
      await row.locator('.notice-list__edit').click();
      await expect(page).toHaveURL(new RegExp(`/notice/notice-create\\?id=${id}$`));
      await expect(page.locator('.notice-create #title')).toHaveValue(TITLE);
      await expect(page.locator('.notice-create #content')).toHaveValue(CONTENT);
      await page.locator('.notice-create__submit').click();
      await expect(page).toHaveURL(/\/notice\/notice-list$/);
      await expect(row).toContainText(TITLE);

      // demo_user's sign-in shows it in a modal until "I have read it".
      const user = await demoUserPage(newContext);
      await signInAsDemoUser(user);
      const modal = user.locator('.sign-in-announcement');
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(TITLE);
      await expect(modal).toContainText('本周日 02:00–04:00 平台维护');
      await keepScreenshot(user, 'announcements-sign-in-modal-zh');
      await modal.locator('.sign-in-announcement__ack').click();
      await expect(modal).toBeHidden();

      // At its next sign-in it is not shown again; its list has it, marked super top and read.
      const again = await demoUserPage(newContext);
      await signInAsDemoUser(again);
      await expect(again.locator('.sign-in-announcement')).toBeHidden();
      await again.goto('/msg/announcement-list');
      const received = again.locator(`.announcement-list__table tr[data-announcement="${id}"]`);
      await expect(received).toContainText(TITLE);
      await expect(received.locator('.announcement-pin--super_top')).toHaveText('超级置顶');
      await expect(received).toHaveAttribute('data-read', 'true');
      await expect(again.locator('.announcement-list__table tbody tr[data-announcement]').first()).toHaveAttribute('data-announcement', String(id));
      await received.click();
      await expect(again.locator('.announcement-list__drawer')).toContainText('维护结束后自动恢复。');
      await keepScreenshot(again, 'announcements-received-zh');
      await again.locator('.announcement-list__drawer .ant-drawer-close').click();

      // Root withdraws it (confirmed), and it is gone from demo_user's list.
      await row.locator('.notice-list__withdraw').click();
      await page.locator('.notice-list__withdraw-ok').click();
      await expect(row).toContainText('已撤回');
      await expect(row.locator('.notice-list__withdraw')).toHaveCount(0);
      await keepScreenshot(page, 'announcements-withdrawn-zh');
      await again.reload();
      await expect(again.locator('.announcement-list__table')).toBeVisible();
      await expect(again.locator(`.announcement-list__table tr[data-announcement="${id}"]`)).toHaveCount(0);
    } finally {
      // A super-top announcement left active would stop every later spec's sign-in with its modal.
      if (id !== undefined && (await api<AnnouncementItem>(request, token, `/announcements/${id}`)).state === 'active')
        await api(request, token, `/announcements/${id}/withdraw`, { method: 'POST' });
    }
  });
});
