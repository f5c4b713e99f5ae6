import { test as base, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * A browser context as `browser.newContext(options)` opens it (the project's options, then these), for a
 * second person at a second browser: one of this worker's kept contexts (below). No `storageState`: a kept
 * context's cookies are cleared between tests; such a test signs in with `useSession` instead.
 */
export type NewContext = (options?: Omit<BrowserContextOptions, 'storageState'>) => Promise<BrowserContext>;

interface Kept {
  context: BrowserContext;
  /** The options it was opened with, as JSON. */
  key: string;
  baseURL: string | undefined;
  /** Handed out in the running test. */
  taken: boolean;
}

/**
 * Playwright's `test` with browser contexts kept from test to test in a worker, one per set of options
 * (and as many as a test uses at once), instead of a new one for each test: the console's scripts then
 * come from the context's HTTP cache, compiled once, rather than fetched and compiled again every time.
 * What a test left behind is cleared before the next: its pages (with their routes, init scripts and
 * locator handlers), the context's routes, cookies and permissions, and the origin's storage. `page` and
 * `context` are such a context; `newContext` gives more. A test about a first visit (what the browser
 * fetches, in which order) sets `test.use({ firstVisit: true })`: its contexts are new, and closed after it.
 */
export const test = base.extend<{ firstVisit: boolean; newContext: NewContext }, { keptContexts: Kept[] }>({
  firstVisit: [false, { option: true }],
  keptContexts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const kept: Kept[] = [];
      await use(kept);
      await Promise.all(kept.map(({ context }) => context.close()));
    },
    { scope: 'worker' },
  ],
  newContext: async ({ browser, keptContexts, firstVisit, baseURL, locale, viewport, timezoneId, contextOptions }, use) => {
    const defaults: BrowserContextOptions = { ...contextOptions, baseURL, locale, viewport, timezoneId };
    const taken: Kept[] = [];
    const fresh: BrowserContext[] = [];
    await use(async (options = {}) => {
      const merged = { ...defaults, ...options };
      if (firstVisit) {
        const context = await browser.newContext(merged);
        fresh.push(context);
        return context;
      }
      const key = JSON.stringify(merged);
      let kept = keptContexts.find((candidate) => candidate.key === key && !candidate.taken);
      if (!kept) {
        const opened: Kept = { context: await browser.newContext(merged), key, baseURL: merged.baseURL, taken: false };
        // A test that closes one it was given: it is not kept.
        opened.context.on('close', () => keptContexts.includes(opened) && keptContexts.splice(keptContexts.indexOf(opened), 1));
        keptContexts.push(opened);
        kept = opened;
      }
      kept.taken = true;
      taken.push(kept);
      return kept.context;
    });
    await Promise.all(fresh.map((context) => context.close()));
    for (const kept of taken) {
      if (keptContexts.includes(kept)) await clear(kept.context, kept.baseURL);
      kept.taken = false;
    }
  },
  context: async ({ newContext }, use) => {
    await use(await newContext());
  },
});

/** What a test left in a kept context; its HTTP cache stays. */
async function clear(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  if (baseURL) {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseURL).origin,
      storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
    await cdp.detach();
  }
  await Promise.all(context.pages().map((page) => page.close()));
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
}
