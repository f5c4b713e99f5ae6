import { boxTopics, MAGLEV_BLOWER, type BoxView } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import type { MqttClient } from 'mqtt';
import { api, connectBox, registerBox, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/** Consecutive ids of boxes nobody else uses: a small range of its own. */
function freshRange(count: number): string[] {
  const base = BigInt(`66${Date.now()}`) * 100n;
  return Array.from({ length: count }, (_, index) => String(base + BigInt(index)));
}

/** A connected box that takes every write and answers with the value written. */
async function answeringBox(baseURL: string, boxId: string, secret: string): Promise<MqttClient> {
  const client = await connectBox(baseURL, boxId, secret);
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as { cmdId: string; value: number };
    void client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId: command.cmdId, ok: true, value: command.value }), { qos: 1 });
  });
  await client.subscribeAsync(boxTopics(boxId).write, { qos: 1 });
  return client;
}

async function fillRange(page: Page, prefix: string, ids: string[]): Promise<void> {
  await page.locator(`.${prefix}__start`).fill(ids[0]!);
  await page.locator(`.${prefix}__end`).fill(ids.at(-1)!);
}

test.describe('batch changes', () => {
  test('root writes a parameter over a box range and watches the job reach 100 % with a result per controller', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const ids = freshRange(3);
    const secrets = [];
    for (const id of ids) secrets.push(await registerBox(request, token, { id }));
    const online = await answeringBox(baseURL!, ids[0]!, secrets[0]!);

    await page.goto('/scripts/batch-modify-params');
    await fillRange(page, 'batch-params', ids);
    await page.locator('.batch-params__type input').fill('levitation blower');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.locator('.batch-params__register input').fill('Speed set point');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `${MAGLEV_BLOWER.speedSetPoint} ` })
      .first()
      .click();
    await expect(page.locator('.batch-params__hint')).toHaveText('Range 9000 to 30000');
    await page.locator('input.batch-params__value, .batch-params__value input').first().fill('5000');
    await page.locator('.batch-params__preview').click();
    await expect(page.locator('.ant-message, .ant-form-item-explain-error').filter({ hasText: 'Must be between 9000 and 30000' }).first()).toBeVisible();

    await page.locator('input.batch-params__value, .batch-params__value input').first().fill('21000');
    await page.locator('.batch-params__preview').click();
    await expect(page.locator('.batch-params__writable')).toHaveText('3');
    await keepScreenshot(page, 'batch-params-preview-en');
    await page.locator('.batch-params__apply').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();

    await expect(page.locator('.job-run .job-progress')).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
    await expect(page.locator('.job-run .job-state')).toHaveAttribute('data-state', 'done');
    await expect(page.locator(`.job-run__items tr[data-item="${ids[0]}:1"]`)).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await expect(page.locator(`.job-run__items tr[data-item="${ids[1]}:1"]`)).toHaveAttribute('data-state', 'queued');
    await keepScreenshot(page, 'batch-params-job-en');
    await online.endAsync();
  });

  test('root previews and applies a new expiry date to a list of boxes and sees it on the box', async ({ page, request }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const ids = freshRange(2);
    for (const id of ids) await registerBox(request, token, { id, expiry_date: '2026-06-30' });

    await page.goto('/scripts/batch-modify-box');
    await page.locator('.batch-box__target').getByText('By ID list').click();
    await page.locator('.batch-box__list').fill(`${ids.join('\n')}\n99999999999`);
    await page.locator('.batch-box__fields').getByText('Expiry date').click();
    await page.locator('.batch-box__expiry input').fill('2028-03-31');
    await page.locator('.batch-box__expiry input').press('Enter');
    await page.locator('.batch-box__preview').click();
    const first = page.locator(`.batch-box__table tr[data-box="${ids[0]}"]`);
    await expect(first.locator('.batch-box__change[data-field="expiry_date"]')).toContainText('2026-06-30 → 2028-03-31');
    await expect(page.locator('.batch-box__table tr[data-box="99999999999"]')).toContainText('Does not exist');
    await keepScreenshot(page, 'batch-box-preview-en');

    await page.locator('.batch-box__apply').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.job-run .job-progress')).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
    await expect(page.locator(`.job-run__items tr[data-item="${ids[1]}"]`)).toHaveAttribute('data-state', 'ok');
    await expect(page.locator('.job-run__items tr[data-item="99999999999"]')).toHaveAttribute('data-state', 'failed');
    await keepScreenshot(page, 'batch-box-job-en');

    const box = await api<BoxView>(request, token, `/boxes/${ids[0]}`);
    expect(box.expiry_date).toBe('2028-03-31');
  });
});
