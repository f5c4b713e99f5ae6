import type { BoxCredential } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { boxSheet } from './support/box-sheets.js';
import { api, tokenOf } from './support/devices.js';
import { keepScreenshot, useSession } from './support/session.js';

/*
 * A production install is onboarded from the console alone (DESIGN.md section 5; issue 12): the
 * server runs with DEMO=0 (playwright.config.ts, project "production"), so nothing exists but root.
 * No SQL anywhere.
 */

const ROOT = { username: 'root_admin', password: process.env.E2E_ROOT_PASSWORD! };
const MQTT_PORT = process.env.E2E_PRODUCTION_MQTT_PORT!;
const REPOSITORY = join(import.meta.dirname, '..', '..');
const COMPANY = { code: '3003', name: 'Onboarding Blowers Ltd' };
const MANAGER = { username: 'onboard_manager', password: 'Manager#3003' };
const BOX_IDS = Array.from({ length: 20 }, (_, index) => String(880_000_001 + index));

/** Root creates a company on the companies screen, and ticks the device type its boxes run. */
async function createCompany(page: Page, company: { code: string; name: string }): Promise<void> {
  await page.goto('/device-type/CK-config');
  await page.locator('.ck-config__add').click();
  await page.locator('.company-form__code').fill(company.code);
  await page.locator('.company-form__name').fill(company.name);
  await page.locator('.company-form__save').click();
  const row = page.locator(`.ck-config__table tr[data-ck="${company.code}"]`);
  await expect(row).toContainText(company.name);
  await row.locator('.company-device-types').click();
  await page.locator('.device-types-dialog__list [data-device-type="maglev_blower"]').click();
  await page.locator('.device-types-dialog__save').click();
  await expect(row.locator('.company-device-types')).toContainText('maglev_blower');
}

/** Root creates an account of the company on the company accounts screen (the role by its label); a manager without a superior is its company's level 1. */
async function createAccount(page: Page, account: { username: string; password: string; role: string; ck: string }): Promise<void> {
  await page.goto('/usermanager/ck-users');
  await page.locator('.accounts-toolbar__company').click();
  await page.keyboard.type(account.ck);
  await page.keyboard.press('Enter');
  await page.locator('.accounts-toolbar__add').click();
  const dialog = page.locator('.accounts-form-modal');
  await dialog.locator('#account_username').fill(account.username);
  await dialog.locator('#account_password').fill(account.password);
  await dialog.locator('#account_password_repeat').fill(account.password);
  await dialog.locator('#account_role').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${account.role}"]`).click();
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`tr[data-account="${account.username}"]`)).toBeVisible();
}

/** Starts `npm run simulate` on a credentials file as its own process group (so that it stops with all its children). */
function startSimulator(credentials: string): ChildProcess {
  return spawn(
    'npm',
    [
      'run',
      'simulate',
      '--',
      '--credentials',
      credentials,
      '--url',
      `mqtt://127.0.0.1:${MQTT_PORT}`,
      '--interval',
      '2',
      '--fault-rate',
      '0',
      '--drop-out-rate',
      '0',
    ],
    { cwd: REPOSITORY, detached: true, stdio: 'ignore' },
  );
}

async function chooseOption(page: Page, select: string, text: string): Promise<void> {
  await page.locator(select).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();
}

test.describe('production onboarding', () => {
  let simulator: ChildProcess | undefined;
  test.afterAll(() => {
    if (simulator?.pid) process.kill(-simulator.pid, 'SIGTERM');
  });

  test('root sets up a company, registers 20 boxes from a sheet and gives them to a manager; the boxes connect and the manager sees them live', async ({
    page,
    newContext,
    request,
  }) => {
    test.setTimeout(150_000);
    await useSession(page, ROOT.username, ROOT.password);
    const token = await tokenOf(page);
    await createCompany(page, COMPANY);
    await createAccount(page, { username: 'onboard_maker', password: 'Maker#3003', role: '厂家管理员', ck: COMPANY.code });
    await createAccount(page, { ...MANAGER, role: '管理员', ck: COMPANY.code });

    // Batch registration: the sheet is made as a spreadsheet program would, the secrets come back once as a file.
    await page.goto('/smartbox/upload');
    const sheet = await boxSheet(BOX_IDS.map((id) => ({ id, ck: COMPANY.code, model: 'CB-4G', controllers: '1:maglev_blower' })));
    await page.locator('.box-upload__dragger input[type=file]').setInputFiles({ name: 'boxes.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
    await expect(page.locator('.box-upload__done')).toContainText('已注册 20 个盒子');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.box-upload__secrets').click()]);
    const secretsFile = test.info().outputPath('box-secrets.json');
    await download.saveAs(secretsFile);
    const credentials = JSON.parse(await readFile(secretsFile, 'utf8')) as BoxCredential[];
    expect(credentials.map((credential) => credential.id)).toEqual(BOX_IDS);

    // Assignment by id range to the company's top manager.
    await page.goto('/smartbox/box-assign');
    await page.locator('#box-assign_ck').fill(COMPANY.code);
    await chooseOption(page, '.box-assign__target', MANAGER.username);
    await page.locator('#box-assign_start_id').fill(BOX_IDS[0]!);
    await page.locator('#box-assign_end_id').fill(BOX_IDS.at(-1)!);
    await page.locator('.box-assign__submit').click();
    await expect(page.locator('.box-assign__result')).toContainText('已分配 20 个盒子');
    await keepScreenshot(page, 'onboarding-assign');

    // The boxes come alive with the secrets file, against the production server's embedded broker.
    simulator = startSimulator(secretsFile);
    const onlineBoxes = async () => (await api<{ total: number }>(request, token, `/devices?ck=${COMPANY.code}&status=online&page_size=50`)).total;
    await expect.poll(onlineBoxes, { timeout: 60_000 }).toBe(20);

    // The manager, in a browser of its own, sees its 20 boxes online.
    const context = await newContext();
    const managerPage = await context.newPage();
    await useSession(managerPage, MANAGER.username, MANAGER.password);
    await managerPage.goto('/devices/devices-show');
    const count = (status: string) => managerPage.locator(`.devices-show .status-count[data-status="${status}"] .status-count__value`);
    await expect(count('all')).toHaveText('20', { timeout: 30_000 });
    await expect(count('online')).toHaveText('20');
    const online = managerPage.locator('.devices-show__table .ant-table-tbody tr[data-box][data-status="online"]');
    await expect(online).toHaveCount(20);
    expect(await online.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-box')))).toEqual(BOX_IDS);
    await keepScreenshot(managerPage, 'onboarding-manager-devices');
    const seen = await api<{ total: number }>(request, await tokenOf(managerPage), '/devices?status=online&page_size=50');
    expect(seen.total).toBe(20);
  });
});
