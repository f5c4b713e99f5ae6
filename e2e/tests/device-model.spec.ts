import type { BoxCredential, DeviceTypeAdminItem, DeviceTypeCharts, FaultRecordView, Page as ListPage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { api, freshBoxId, tokenOf } from './support/devices.js';
import { protocolSheet, type ProtocolRow } from './support/protocol-sheets.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

/*
 * Issue 13's story: a company's real blower model, added from the console alone. Root creates the
 * type, uploads its protocol in two languages, lays out its page, gives it a gauge and an event
 * rule; a box is registered with it, the simulator runs that box from the type's definition and
 * drives the outlet temperature over the limit; the fault record opens once, worded in the
 * viewer's language, and the live page draws the new gauge.
 */

const REPOSITORY = join(import.meta.dirname, '..', '..');
const TYPE_ID = `mb200_${Date.now() % 100_000}`;
const NAMES = { zh: 'MB-200 磁悬浮鼓风机', en: 'MB-200 maglev blower', es: 'Soplante de levitación MB-200', ja: 'MB-200 磁気浮上ブロワ' };
const OUTLET = 1;
const RULE_MESSAGES = {
  zh: 'MB-200 出口温度过高',
  en: 'MB-200 outlet temperature too high',
  es: 'Temperatura de salida MB-200 demasiado alta',
  ja: 'MB-200 吐出温度が高すぎます',
};

/** The MB-200's 40 registers in one language: temperatures, pressures, flow, speed, power, status bits and set points. */
function mb200Protocol(language: 'zh' | 'en'): ProtocolRow[] {
  const zh = language === 'zh';
  const measured: [name: string, unit: string, decimals: number, max: number][] = [
    [zh ? '出口温度' : 'Outlet temperature', '°C', 1, 200],
    [zh ? '进口温度' : 'Inlet temperature', '°C', 1, 100],
    [zh ? '出口压力' : 'Outlet pressure', 'kPa', 1, 200],
    [zh ? '流量' : 'Flow', 'm³/min', 1, 500],
    [zh ? '转速' : 'Speed', 'rpm', 0, 40000],
    [zh ? '功率' : 'Power', 'kW', 1, 300],
  ];
  return Array.from({ length: 40 }, (_, index): ProtocolRow => {
    const number = index + 1;
    const known = measured[index];
    if (known) return [number, known[0], known[1], 'int16', '', '', known[2], 'number', '', '', '', 0, known[3]];
    if (number <= 20) return [number, `${zh ? '轴承温度' : 'Bearing temperature'} ${number}`, '°C', 'int16', '', '', 1, 'number', '', '', '', 0, 150];
    if (number <= 30) return [number, `${zh ? '振动' : 'Vibration'} ${number}`, 'mm/s', 'uint16', '', 0.01, 2, 'number', '', '', '', 0, 20];
    if (number <= 35) {
      const bit = `0x${(1 << (number - 31)).toString(16).padStart(4, '0')}`;
      return [number, `${zh ? '状态位' : 'Status bit'} ${number}`, '', 'bit', '', '', 0, 'enum', bit, zh ? '0=否;1=是' : '0=No;1=Yes', '', '', ''];
    }
    return [number, `${zh ? '设定值' : 'Set point'} ${number}`, 'rpm', 'uint16', '', '', 0, 'number', '', '', zh ? '是' : 'yes', 0, 40000];
  });
}

/** Picks an option of an antd select by typing part of its label. */
async function choose(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(`${selector} .ant-select-selector, ${selector}.ant-select`).first().click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function uploadProtocol(page: Page, number: number, language: 'zh' | 'en'): Promise<void> {
  await page.goto(`/device-type/type-config/upload/${number}/${language}`);
  const file = await protocolSheet(language, mb200Protocol(language));
  await page
    .locator('.type-upload__dragger input[type=file]')
    .setInputFiles({ name: `mb200-${language}.xlsx`, mimeType: 'application/octet-stream', buffer: file });
  await expect(page.locator('.type-upload__done')).toContainText('40');
}

/** `npm run simulate` on the box's credentials and the type's definition, holding the outlet temperature at 98 °C. */
function startSimulator(credentials: string, definition: string, baseURL: string): ChildProcess {
  const options = ['--credentials', credentials, '--device-types', definition, '--url', `${baseURL.replace(/^http/, 'ws')}/mqtt`];
  const quiet = ['--interval', '2', '--fault-rate', '0', '--drop-out-rate', '0', '--hold', `1:${OUTLET}=98`];
  return spawn('npm', ['run', 'simulate', '--', ...options, ...quiet], { cwd: REPOSITORY, detached: true, stdio: 'ignore' });
}

test.describe('a controller model added from the console', () => {
  let simulator: ChildProcess | undefined;
  test.afterAll(() => {
    if (simulator?.pid) process.kill(-simulator.pid, 'SIGTERM');
  });

  test('root uploads the MB-200 protocol in zh and en, lays out its page, adds a gauge and a fault rule; a simulated MB-200 trips it once', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);

    // The type, by name in the four languages.
    await page.goto('/device-type/type-config/edit/0');
    await page.locator('.type-form__id').fill(TYPE_ID);
    for (const [language, name] of Object.entries(NAMES)) await page.locator(`.type-form__name--${language}`).fill(name);
    await page.locator('.type-form__save').click();
    await expect(page.locator(`.type-config__table tr[data-type="${TYPE_ID}"]`)).toContainText(NAMES.en);
    const { number } = await api<DeviceTypeAdminItem>(request, token, `/device-types/${TYPE_ID}`);

    // Its 40-register protocol, in Chinese and then in English.
    await uploadProtocol(page, number, 'zh');
    await uploadProtocol(page, number, 'en');
    await keepScreenshot(page, 'device-model-upload-en');

    // Its page: outlet and inlet temperature side by side, then speed and power.
    await page.goto(`/device-type/type-config/page/${number}/default`);
    for (const [row, [first, second]] of [
      ['Outlet temperature', 'Inlet temperature'],
      ['Speed', 'Power'],
    ].entries()) {
      await page.locator('.layout-add').click();
      const added = page.locator(`.layout-table tbody tr[data-row="${row + 1}"]`);
      await choose(page, `.layout-table tbody tr[data-row="${row + 1}"] .layout-row__register1`, first!);
      await choose(page, `.layout-table tbody tr[data-row="${row + 1}"] .layout-row__register2`, second!);
      await expect(added.locator('.layout-row__name1')).toHaveValue(first!);
    }
    await page.locator('.layout-save').click();
    await expect(page.locator('.ant-message-success')).toBeVisible();

    // A gauge of the outlet temperature, green up to 95 °C, red above.
    await page.goto(`/chartsManage/add-gauge-chart?device_type=${TYPE_ID}`);
    await choose(page, '.gauge-form__register', 'Outlet temperature');
    await page.locator('.gauge-form__min input, input.gauge-form__min').first().fill('0');
    await page.locator('.gauge-form__max input, input.gauge-form__max').first().fill('150');
    for (const [index, to] of ['95', '150'].entries()) {
      await page.locator('.gauge-form__add-band').click();
      await page.locator(`.gauge-band[data-band="${index}"] .gauge-band__to input, .gauge-band[data-band="${index}"] input.gauge-band__to`).first().fill(to);
    }
    await page.locator('.gauge-form__save').click();
    await expect(page).toHaveURL(/\/chartsManage\/gauge-charts$/);
    const [gauge] = (await api<DeviceTypeCharts>(request, token, `/device-types/${TYPE_ID}/charts`)).gauges;
    expect(gauge).toMatchObject({ register: OUTLET, min: 0, max: 150 });

    // The rule: outlet temperature above 95 °C for 10 s is a fault.
    await page.goto('/events/events-add');
    await choose(page, '.events-add .event-rule__type', NAMES.en);
    await choose(page, '.event-rule__register', 'Outlet temperature');
    await page.locator('.event-rule__value input').fill('95');
    await choose(page, '.events-add .event-rule__severity', 'Fault');
    await page.locator('.event-rule__debounce input').fill('10');
    for (const [language, message] of Object.entries(RULE_MESSAGES)) await page.locator(`.event-rule__message-${language}`).fill(message);
    await expect(page.locator('.event-rule__preview')).toContainText('Outlet temperature > 95 °C for 10 s: Fault');
    await page.locator('.event-rule__save').click();
    await expect(page).toHaveURL(/\/events\/events-list$/);

    // A box carrying an MB-200 at station 1; its credentials come back once, as the simulator reads them.
    const boxId = freshBoxId();
    await page.goto('/box-reg-info/create');
    await page.locator('#box-create_id').fill(boxId);
    await page.locator('#box-create_ck').fill('1001');
    await page.locator('#box-create_model').fill('CB-4G');
    await page.locator('.box-registry-controller__type').first().click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="(${TYPE_ID})"]`).click();
    await page.locator('.box-create__submit').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.secret-dialog .secret-dialog__download').click()]);
    const credential = JSON.parse(await readFile((await download.path())!, 'utf8')) as BoxCredential;
    expect(credential.controllers).toEqual([{ station: 1, deviceType: TYPE_ID }]);

    // The simulator runs the box from the type's definition, as anyone can download it.
    const credentials = test.info().outputPath('mb200-box.json');
    const definition = test.info().outputPath('mb200-type.json');
    await writeFile(credentials, JSON.stringify([credential]));
    await writeFile(definition, JSON.stringify(await api<unknown>(request, token, `/device-types/${TYPE_ID}/definition`)));
    simulator = startSimulator(credentials, definition, test.info().project.use.baseURL!);

    // 98 °C held past the 10 s debounce: one fault record, and still one while the value stays high.
    const faults = () => api<ListPage<FaultRecordView>>(request, token, `/faults?box_id=${boxId}&page_size=10`);
    await expect.poll(async () => (await faults()).total, { timeout: 90_000 }).toBe(1);
    const [record] = (await faults()).items;
    expect(record).toMatchObject({ severity: 'fault', register: OUTLET });
    await page.goto(`/devices/controller/${boxId}/1`);
    const live = page.locator(`.device-gauge[data-gauge="${gauge!.id}"]`);
    await expect(live.locator('canvas')).toBeVisible();
    await expect(page.locator('.register-grid')).toContainText('Outlet temperature');
    await expect(page.locator('.register-grid')).toContainText('98.0');
    await expect(page.locator('.fault-banner')).toContainText(RULE_MESSAGES.en);
    await keepScreenshot(page, 'device-model-live-en');
    // Several more messages later (every 2 s), the episode is still one record.
    const ts = await page.locator('.device-live__updated').getAttribute('data-ts');
    await expect(page.locator('.device-live__updated')).not.toHaveAttribute('data-ts', ts ?? '', { timeout: 15_000 });
    expect((await faults()).total).toBe(1);

    // The viewer's language words the record.
    await useLanguage(page, 'zh');
    await page.goto(`/devices/error-record/${boxId}/1`);
    await expect(page.locator('.fault-table tr[data-fault]')).toHaveCount(1);
    await expect(page.locator('.fault-table tr[data-fault]')).toContainText(RULE_MESSAGES.zh);
    await keepScreenshot(page, 'device-model-fault-zh');
  });
});
