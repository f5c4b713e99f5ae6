import { TOKEN_COOKIE } from '@cloudbox/domain';
import { expect, type Cookie, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../expected-menus.js';

const SCREENS = join(import.meta.dirname, '..', '..', 'artifacts', 'screens');

/** The session cookie of each account this worker signed in through the form, reused by later tests. */
const sessions = new Map<string, Cookie>();

/**
 * The page's browser holds a session of `username`; no page is opened, for a test whose next step
 * opens its own. The first time for an account (and whenever its saved session has ended: a test
 * signed it out or changed its password) through the log-in form, as a person would, which lands
 * on the dashboard; after that with the session that sign-in gave, checked over the API, as a
 * returning person's browser holds it. Opening the dashboard only to leave it cost each test about
 * a second of the browser's time.
 */
export async function useSession(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const key = `${username}:${password}`;
  const saved = sessions.get(key);
  if (saved && (await stillValid(page, saved))) {
    await page.context().addCookies([saved]);
    return;
  }
  await page.context().clearCookies({ name: TOKEN_COOKIE });
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.locator('.sidebar-link').first()).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === TOKEN_COOKIE);
  if (session) sessions.set(key, session);
}

/** Signs in and waits for the dashboard: for a test that starts from it (its sidebar, its bell). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await useSession(page, username, password);
  if (!/\/dashboard$/.test(page.url())) await page.goto('/dashboard');
  await expect(page.locator('.sidebar-link').first()).toBeVisible({ timeout: 30_000 });
}

/** Whether the server still knows a saved session (a test may have signed it out or changed its password). */
async function stillValid(page: Page, session: Cookie): Promise<boolean> {
  const answer = await page.request.get('/api/v2/user/info', { headers: { Authorization: `Bearer ${session.value}` } });
  return answer.ok();
}

export async function useLanguage(page: Page, language: 'zh' | 'en' | 'es' | 'ja'): Promise<void> {
  const url = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url());
  await page.context().addCookies([{ name: 'language', value: language, domain: url.hostname === 'about' ? '127.0.0.1' : url.hostname, path: '/' }]);
}

/** The paths the sidebar links to: every folded group is unfolded first. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const folded = page.locator('.sidebar-menu .sidebar-menu__title[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  return page.locator('.sidebar-link[data-path]').evaluateAll((links) => links.map((link) => link.getAttribute('data-path') ?? ''));
}

/**
 * Closes the notice toasts (bottom right) whenever one stands in the way of an action. The demo fleet
 * raises faults at random, and a toast pauses while the pointer is over it: a click aimed at a
 * button under it waited for the toast to go, and the pointer kept it there (a 120 s time-out in CI).
 * Not for a test of the toasts themselves.
 */
export async function closeToastsInTheWay(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator('.notice-toast').first(), async () => {
    const close = page.locator('.notice-toast .ant-notification-notice-close');
    while ((await close.count()) > 0) await close.first().click();
  });
}

/**
 * Holds the replies to requests matching `url` until the returned function is called: what the
 * console shows while a reply is on its way (a progress dialog) stays there to be looked at.
 */
export async function holdReplies(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}

/**
 * Keeps the demo fleet's notice toasts out of a page whose test is about something else. Closing them
 * as they come (`closeToastsInTheWay`) clicks beside an open popconfirm, which closes it; at 800 px the
 * toasts lie over a dialog's buttons. Not for a test of the toasts themselves.
 */
export async function hideToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '.ant-notification:has(.notice-toast) { display: none !important; }';
      document.head.append(style);
    });
  });
}

/** Kept as a test artifact (e2e/artifacts/screens) and looked at by the engineers. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: false });
}

/** Opens a page from the sidebar, opening its group first when it is folded. */
export async function openFromSidebar(page: Page, path: string): Promise<void> {
  const link = page.locator(`.sidebar-link[data-path="${path}"]`);
  if (!(await link.isVisible())) {
    // A folded group's links are not rendered; a group is named by its path.
    const group = `/${path.split('/')[1]}`;
    await page.locator(`.sidebar-menu__group[data-group="${group}"] > .sidebar-menu__title`).click();
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

export async function tabPaths(page: Page): Promise<string[]> {
  return page.locator('.tags-view-item[data-path]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-path') ?? ''));
}

export async function tabAction(page: Page, path: string, action: 'refresh' | 'close' | 'closeOthers' | 'closeAll'): Promise<void> {
  await page.locator(`.tags-view-item[data-path="${path}"]`).click({ button: 'right' });
  await page.locator(`.tags-menu-${action}:visible`).click();
}
