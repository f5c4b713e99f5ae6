import { getDeviceType, MAGLEV_BLOWER, type EventLogEntry, type EventRuleItem, type Page as ListPage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, tokenOf, workbookRows } from './support/devices.js';
import { hideToasts, keepScreenshot, useLanguage, useSession } from './support/session.js';

/** A message nobody else writes, so reruns on a kept data directory find their own rule. */
const tag = String(Date.now() % 100_000);
const MESSAGES = {
  zh: `出口温度极高 ${tag}`,
  en: `Outlet temperature extreme ${tag}`,
  es: `Temperatura de salida extrema ${tag}`,
  ja: `吐出温度が極端 ${tag}`,
};

/** Picks an option of an antd select by its label (typed first into a searchable one: its list shows only a few options at a time). */
async function choose(page: Page, select: string, label: string, search?: string): Promise<void> {
  await page.locator(select).click();
  if (search) await page.locator(select).locator('input').fill(search);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

test.describe('event rules', () => {
  test('root adds a rule, sees it as a sentence, disables and enables it, and reads the event log with its export', async ({ page, request }) => {
    // Many screens, each loaded afresh, on a machine that runs the demo fleet meanwhile.
    test.setTimeout(180_000);
    await useLanguage(page, 'zh');
    await useSession(page, 'demo_root');
    // The demo fleet's fault toasts (bottom right) came over a row's delete button and stayed while the pointer waited on them.
    await hideToasts(page);
    const token = await tokenOf(page);
    const blower = getDeviceType('maglev_blower')!;

    // A rule on a built-in type, with a threshold no demo blower reaches.
    await page.goto('/events/events-add');
    await choose(page, '.events-add .event-rule__type', blower.name.zh);
    await choose(page, '.event-rule__register', `${MAGLEV_BLOWER.outletTemperature} 出口温度 (°C)`, '出口温度');
    await page.locator('.event-rule__value input').fill('195');
    await choose(page, '.events-add .event-rule__severity', '故障');
    await page.locator('.event-rule__debounce input').fill('10');
    for (const [language, message] of Object.entries(MESSAGES)) await page.locator(`.event-rule__message-${language}`).fill(message);
    await expect(page.locator('.event-rule__preview')).toContainText('出口温度 > 195 °C 持续 10 秒：故障');
    await page.locator('.event-rule__preview').scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'event-rules-add-zh');
    await page.locator('.event-rule__save').click();

    await expect(page).toHaveURL(/\/events\/events-list$/);
    const rules = await api<ListPage<EventRuleItem>>(request, token, '/event-rules?device_type=maglev_blower&page_size=500');
    const rule = rules.items.find((item) => item.messages.en === MESSAGES.en)!;
    expect(rule).toMatchObject({
      register: MAGLEV_BLOWER.outletTemperature,
      severity: 'fault',
      debounce_s: 10,
      condition: { type: 'threshold', op: '>', value: 195 },
    });
    await choose(page, '.events-list .event-rule__type', blower.name.zh);
    await page.locator('.event-rule-table .ant-pagination-item').last().click();
    const row = page.locator(`.event-rule-table tr[data-rule="${rule.id}"]`);
    await expect(row).toContainText('出口温度 > 195 °C 持续 10 秒：故障');
    await expect(row).toContainText(MESSAGES.zh);
    await keepScreenshot(page, 'event-rules-list-zh');

    // Disabled and enabled again from its switch.
    await row.locator('.event-rule__enabled').click();
    await expect(row.locator('.event-rule__enabled')).not.toBeChecked();
    expect((await api<EventRuleItem>(request, token, `/event-rules/${rule.id}`)).enabled).toBe(false);
    await row.locator('.event-rule__enabled').click();
    await expect(row.locator('.event-rule__enabled')).toBeChecked();
    expect((await api<EventRuleItem>(request, token, `/event-rules/${rule.id}`)).enabled).toBe(true);

    // Edited: the form comes back with the rule.
    await row.locator('.event-rule__edit').click();
    await expect(page).toHaveURL(new RegExp(`/events/events-add\\?id=${rule.id}$`));
    await expect(page.locator('.event-rule__preview')).toContainText('出口温度 > 195 °C 持续 10 秒：故障');
    await expect(page.locator('.event-rule__message-en')).toHaveValue(MESSAGES.en);
    await keepScreenshot(page, 'event-rules-edit-zh');

    // The type's rules show it too.
    await page.goto('/device-type/type-events');
    await choose(page, '.type-events .event-rule__type', blower.name.zh);
    await expect(page.locator('.type-events .event-rule-table tbody tr[data-rule]').first()).toBeVisible();
    await keepScreenshot(page, 'event-rules-type-events-zh');

    // The event log: the demo fleet's faults, newest first, and its export.
    await expect.poll(async () => (await api<ListPage<EventLogEntry>>(request, token, '/event-log?page_size=1')).total, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.goto('/events/events-log');
    const entries = page.locator('.events-log__table tbody tr[data-box]');
    await expect(entries.first()).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, 'event-rules-log-zh');
    const faults = await api<ListPage<EventLogEntry>>(request, token, '/event-log?severity=fault&kind=fired&page_size=1');
    await choose(page, '.events-log .event-rule__severity', '故障');
    await choose(page, '.events-log__kind', '触发');
    await expect(entries.first()).toBeVisible();
    if (faults.total > 0) await expect(entries.first()).toContainText('故障');
    const download = page.waitForEvent('download');
    await page.locator('.events-log .export-button').click();
    const rows = await workbookRows(await (await download).path());
    expect(rows[0]).toEqual([
      '时间',
      '事件',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      '代码',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(rows.length - 1).toBeGreaterThanOrEqual(faults.total);
    expect(rows.slice(1).every((cells) => cells[1] === '触发')).toBe(true);

    // The same screens in English.
    await useLanguage(page, 'en');
    await page.goto(`/events/events-add?id=${rule.id}`);
    await expect(page.locator('.event-rule__preview')).toContainText('Outlet temperature > 195 °C for 10 s: Fault');
    await keepScreenshot(page, 'event-rules-edit-en');
    await page.goto('/events/events-log');
    await expect(entries.first()).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, 'event-rules-log-en');

    // Deleted after its confirmation, so reruns start clean.
    await page.goto('/events/events-list');
    await choose(page, '.events-list .event-rule__type', blower.name.en);
    await page.locator('.event-rule-table .ant-pagination-item').last().click();
    await expect(row).toContainText('Outlet temperature > 195 °C for 10 s: Fault');
    await keepScreenshot(page, 'event-rules-list-en');
    await row.locator('.event-rule__delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(row).toHaveCount(0);
  });
});
