import { boxTopics, type DeviceItem, type Page as ListPage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import mqtt from 'mqtt';
import { api, connectBox, freshBoxId, registerBox, tokenOf, workbookRows } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A connection attempt to the server's broker (its WebSocket path) with a wrong secret: refused. */
async function refusedConnect(baseURL: string, boxId: string): Promise<void> {
  const url = `${baseURL.replace(/^http/, 'ws')}/mqtt`;
  await expect(mqtt.connectAsync(url, { username: boxId, password: 'not-the-secret', clientId: `e2e-${boxId}`, reconnectPeriod: 0 })).rejects.toThrow(
    /bad username or password|not authorized/i,
  );
}

/** The box ids of the rows the table shows. */
function rowBoxes(page: Page): Promise<string[]> {
  return page.locator('.server-log__table .ant-table-tbody tr[data-log]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-box') ?? ''));
}

/** Opens the server log in English with auto refresh on: entries are written within seconds (folded), the table picks them up. */
async function openServerLog(page: Page, boxId?: string): Promise<void> {
  await page.goto('/datalog/server-log');
  await expect(page.locator('.server-log__table')).toBeVisible();
  if (boxId) {
    await page.locator('.server-log__box input').fill(boxId);
    await page.locator('.server-log__search').click();
  }
  await page.locator('.server-log__refresh .ant-switch').click();
}

test.describe('server log', () => {
  test("root reads a box's malformed message and an unknown box in the log, filtered to that box, and exports it", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const boxId = freshBoxId();
    const client = await connectBox(baseURL!, boxId, await registerBox(request, token, { id: boxId }));
    await client.publishAsync(boxTopics(boxId).data, '{"ts": 1, "seq": ', { qos: 1 });
    await client.endAsync();
    const stranger = `${freshBoxId()}9`;
    await refusedConnect(baseURL!, stranger);

    await openServerLog(page, boxId);
    const row = page.locator(`.server-log__table tr[data-box="${boxId}"][data-kind="ingest_rejected"]`);
    await expect(row).toContainText('Message rejected: malformed (1×)', { timeout: 40_000 });
    await expect(row.locator('[data-level="warn"]')).toHaveText('Warning');
    expect(new Set(await rowBoxes(page))).toEqual(new Set([boxId]));
    await row.locator('.ant-table-row-expand-icon').click();
    await expect(page.locator('.server-log__details').first()).toContainText('malformed');
    await keepScreenshot(page, 'server-log-root-en');

    const download = page.waitForEvent('download');
    await page.locator('.server-log__export').click();
    const rows = await workbookRows(await (await download).path());
    expect(rows[0]).toEqual(['Time', 'Level', 'Kind', 'Box ID', 'Message', 'Request ID', 'Instance']);
    expect(rows.slice(1).some((cells) => cells.includes('Message rejected: malformed (1×)'))).toBe(true);

    await page.locator('.server-log__box input').fill(stranger);
    await page.locator('.server-log__search').click();
    await expect(page.locator(`.server-log__table tr[data-box="${stranger}"][data-kind="unknown_box"]`)).toBeVisible({ timeout: 40_000 });
  });

  test("demo_manager reads only its own boxes' entries", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_manager');
    const token = await tokenOf(page);
    const mine = (await api<ListPage<DeviceItem>>(request, token, '/devices?page_size=500')).items.map((device) => device.box_id);
    const box = mine[0]!;
    await refusedConnect(baseURL!, box);

    await openServerLog(page);
    await expect(page.locator(`.server-log__table tr[data-box="${box}"][data-kind="broker_refused"]`).first()).toContainText('bad_credentials', {
      timeout: 40_000,
    });
    const shown = await rowBoxes(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(mine).toContain(id);
    await keepScreenshot(page, 'server-log-manager-en');

    // The same entry in the reader's language.
    await useLanguage(page, 'zh');
    await page.reload();
    await expect(page.locator(`.server-log__table tr[data-box="${box}"][data-kind="broker_refused"]`).first()).toContainText('MQTT 代理拒绝了该盒子');
    await keepScreenshot(page, 'server-log-manager-zh');
  });
});
