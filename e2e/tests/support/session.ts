import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../expected-menus.js';

const SCREENS = join(import.meta.dirname, '..', '..', 'artifacts', 'screens');

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('.login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.sidebar-link').first()).toBeVisible();
}

export async function useLanguage(page: Page, language: 'zh' | 'en' | 'es' | 'ja'): Promise<void> {
  const url = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url());
  await page.context().addCookies([{ name: 'language', value: language, domain: url.hostname === 'about' ? '127.0.0.1' : url.hostname, path: '/' }]);
}

/** The paths the sidebar links to, whether their group is open or not. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  return page.locator('.sidebar-link[data-path]').evaluateAll((links) => links.map((link) => link.getAttribute('data-path') ?? ''));
}

/** Kept as a test artifact (e2e/artifacts/screens) and looked at by the engineers. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: false });
}
