import { test as base, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` with one browser context per worker and per set of context options, kept from
 * test to test instead of a new one for each: the console's scripts then come from the context's
 * HTTP cache, compiled once, rather than fetched and compiled again for every test. What a test may
 * have left behind is cleared before the next: its pages (and with them their routes, init scripts
 * and locator handlers), cookies, the origin's storage, context routes and permissions. A test that
 * needs a browser of its own still opens one with `browser.newContext()`; one about a first visit (what
 * the browser fetches, in which order) sets `test.use({ firstVisit: true })` for a context of its own.
 */
export const test = base.extend<{ firstVisit: boolean }, { reusedContexts: Map<string, BrowserContext> }>({
  firstVisit: [false, { option: true }],
  reusedContexts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      await Promise.all([...contexts.values()].map((context) => context.close()));
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, reusedContexts, firstVisit, baseURL, locale, viewport, timezoneId, contextOptions }, use) => {
    const options: BrowserContextOptions = { ...contextOptions, baseURL, locale, viewport, timezoneId };
    if (firstVisit) {
      const fresh = await browser.newContext(options);
      await use(fresh);
      await fresh.close();
      return;
    }
    const key = JSON.stringify(options);
    let context = reusedContexts.get(key);
    if (!context) {
      const opened = await browser.newContext(options);
      opened.on('close', () => reusedContexts.delete(key));
      reusedContexts.set(key, opened);
      context = opened;
    }
    await use(context);
    if (!reusedContexts.has(key)) return;
    if (baseURL) await clearStorage(context, baseURL);
    await Promise.all(context.pages().map((page) => page.close()));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    await context.clearPermissions();
  },
});

/** Local storage, IndexedDB, the Cache API and service workers of `origin`; the HTTP cache stays. */
async function clearStorage(context: BrowserContext, origin: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(origin).origin,
    storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems',
  });
  await cdp.detach();
}
