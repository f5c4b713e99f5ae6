import { expect, test } from './support/test.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** The first demo box: the demo fleet publishes its data every 10 seconds. */
const DEMO_BOX = '860100001';

test.describe('scripts', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
  });

  test('root reads the catalogue of scripts and every run of every job', async ({ page }) => {
    await page.goto('/scripts/scripts-list');
    const cards = page.locator('.scripts-list__script');
    await expect(cards).toHaveCount(9);
    await expect(page.locator('.scripts-list__script[data-script="scriptLoad"]')).toContainText('Run the built-in simulator against this deployment');
    await expect(page.locator('.scripts-list__script[data-script="scriptWsDemo"]')).toContainText("Watch one box's raw MQTT messages");
    await expect(page.locator('.scripts-list__table')).toBeVisible();
    await keepScreenshot(page, 'scripts-list-en');
    await page.locator('.scripts-list__script[data-script="scriptLoad"] a').click();
    await expect(page).toHaveURL(/\/scripts\/load$/);
  });

  test('root runs a short load test, watches its throughput, and finds the run in the list', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/scripts/load');
    await expect(page.locator('.load-test__not-allowed')).toHaveCount(0);
    await page.locator('.load-test__boxes input').fill('5');
    await page.locator('.load-test__interval input').fill('0.5');
    await page.locator('.load-test__duration input').fill('5');
    await page.locator('.load-test__start').click();
    await expect(page.locator('.load-test__chart')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.job-run')).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
    await expect(page.locator('.load-test__throughput')).toHaveAttribute('data-samples', '5');
    await expect(page.locator('.load-test__totals')).toContainText('Temporary boxes removed5');
    const jobId = await page.locator('.job-run').getAttribute('data-job');
    await keepScreenshot(page, 'scripts-load-en');

    await page.goto('/scripts/scripts-list');
    const run = page.locator(`.scripts-list__table tr[data-job="${jobId}"]`);
    await expect(run).toHaveAttribute('data-kind', 'load_test', { timeout: 20_000 });
    await expect(run).toContainText('Load test');
    await expect(run).toContainText('boxes: 5 · duration_s: 5 · interval_s: 0.5');
    await expect(run).toContainText('Done');
    await run.locator('.scripts-list__details').click();
    await expect(page.locator('.scripts-list__drawer .job-run')).toHaveAttribute('data-state', 'done');
    await keepScreenshot(page, 'scripts-list-drawer-en');
  });

  test("root watches a demo box's raw data messages arrive", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/scripts/ws-demo');
    await page.locator('.ws-demo__box input').fill(DEMO_BOX);
    await page.locator('.ws-demo__connect').click();
    await expect(page.locator('.ws-demo__state')).toHaveAttribute('data-state', 'open');
    const data = page.locator(`.ws-demo__event[data-type="up"][data-topic="cloudbox/${DEMO_BOX}/up/data"]`).first();
    await expect(data).toBeVisible({ timeout: 30_000 });
    await expect(data.locator('.ws-demo__payload')).toContainText('"controllers": [');
    await expect(page.locator('.ws-demo__counters')).not.toContainText('0 up');
    await keepScreenshot(page, 'scripts-ws-demo-en');

    await page.locator('.ws-demo__clear').click();
    await expect(page.locator('.ws-demo__event')).toHaveCount(0);
    await page.locator('.ws-demo__disconnect').click();
    await expect(page.locator('.ws-demo__state')).toHaveAttribute('data-state', 'closed');
  });
});
