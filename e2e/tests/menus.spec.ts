import { expect, test } from './support/test.js';
import { EXPECTED_MENUS } from './expected-menus.js';
import { keepScreenshot, sidebarPaths, signIn, useLanguage } from './support/session.js';

const DASHBOARD_TITLE = { zh: '首页', en: 'Dashboard' } as const;

for (const language of ['zh', 'en'] as const) {
  test.describe(`sidebar per role (${language})`, () => {
    for (const [username, expected] of Object.entries(EXPECTED_MENUS)) {
      test(`${username} sees exactly the routes SPEC.md section 6 allows`, async ({ page }) => {
        await useLanguage(page, language);
        await signIn(page, username);
        expect((await sidebarPaths(page)).sort()).toEqual([...expected].sort());
        await expect(page.locator('.sidebar-link[data-path="/dashboard"]')).toContainText(DASHBOARD_TITLE[language]);
        await expect(page).toHaveTitle(new RegExp(`^${DASHBOARD_TITLE[language]} - `));
        await keepScreenshot(page, `menu-${language}-${username}`);
      });
    }
  });
}
