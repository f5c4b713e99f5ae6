import { AIR_COMPRESSOR, MAGLEV_BLOWER, type DeviceItem, type DeviceRealtime } from '@cloudbox/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { api, listDevices, tokenOf } from './support/devices.js';
import { keepScreenshot, useSession } from './support/session.js';

/** The registers the flow uses, by device type: start/stop and the running flag. */
const MACHINES = {
  maglev_blower: { page: 'maglev-controller', startStop: MAGLEV_BLOWER.startStop, running: MAGLEV_BLOWER.running },
  air_compressor: { page: 'controller', startStop: AIR_COMPRESSOR.startStop, running: AIR_COMPRESSOR.running },
} as const;
type MachineType = keyof typeof MACHINES;

const realtimeOf = (request: APIRequestContext, token: string, device: DeviceItem) =>
  api<DeviceRealtime>(request, token, `/devices/${device.box_id}/controllers/${device.controller_id}/realtime`);

const valueOf = (answer: DeviceRealtime, register: number | undefined) => answer.registers.find((candidate) => candidate.number === register)?.value ?? null;

/**
 * A controller the demo started locked (its lock state reads 1) that this user may start, sampled by
 * the live fleet: two readings seconds apart and close to now (the history backfill before it steps
 * its clock by hours).
 */
async function findLockedMachine(request: APIRequestContext, token: string): Promise<{ device: DeviceItem; type: MachineType }> {
  const candidates: DeviceItem[] = [];
  for (const type of Object.keys(MACHINES) as MachineType[]) {
    candidates.push(...(await listDevices(request, token, { model: type, page_size: '500' })).items);
  }
  candidates.sort((a, b) => a.box_id.localeCompare(b.box_id) || (a.controller_id ?? 0) - (b.controller_id ?? 0));
  let found: { device: DeviceItem; type: MachineType } | undefined;
  let previousTs: number | null = null;
  await expect
    .poll(
      async () => {
        for (const device of found ? [found.device] : candidates) {
          const answer = await realtimeOf(request, token, device);
          const type = device.device_type as MachineType;
          const startable = answer.registers.find((register) => register.number === MACHINES[type].startStop)?.writable;
          if (!answer.unlock || valueOf(answer, answer.unlock.state) !== 1 || !startable) continue;
          found = { device, type };
          const live =
            answer.ts !== null &&
            Math.abs(Date.now() - answer.ts) < 60_000 &&
            previousTs !== null &&
            answer.ts !== previousTs &&
            answer.ts - previousTs < 120_000;
          previousTs = answer.ts;
          return live;
        }
        return false;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
  return found!;
}

/** Switches the start/stop register on through the live page's switch and its confirmation. */
async function pressStart(page: Page, startStop: number): Promise<void> {
  await page.locator(`.register-value[data-register="${startStop}"] .register-switch`).click();
  await page.locator('.switch-confirm .ant-btn-primary').click();
}

test.describe('unlocking a locked controller with a dynamic password', () => {
  test('root: a start is refused, Unlock → Calculate → Write unlocks it, then it starts', async ({ page, request }) => {
    test.setTimeout(240_000);
    await useSession(page, 'demo_root');
    const token = await tokenOf(page);
    const { device, type } = await findLockedMachine(request, token);
    const machine = MACHINES[type];
    await page.goto(`/devices/${machine.page}/${device.box_id}/${device.controller_id}`);
    const lockBar = page.locator('.device-live__lock');
    await expect(lockBar).toHaveAttribute('data-locked', '1', { timeout: 30_000 });

    // A locked controller refuses to start: the command fails with `locked`, said in the user's language.
    await pressStart(page, machine.startStop);
    const startRow = page.locator(`.register-value[data-register="${machine.startStop}"]`);
    await expect(startRow.locator('.command-tag[data-state="failed"][data-error="locked"]')).toBeVisible({ timeout: 30_000 });
    await expect(startRow.locator('.command-tag')).toContainText('控制器已锁定');
    await keepScreenshot(page, 'unlock-start-refused-zh');

    // Unlock: the dialog shows the hint code the controller shows; calculate a password for it.
    await lockBar.locator('.device-live__unlock').click();
    const dialog = page.locator('.unlock-dialog');
    await expect(dialog.locator('.lock-tag')).toHaveAttribute('data-locked', '1');
    const current = await realtimeOf(request, token, device);
    await expect(dialog.locator('.unlock-dialog__hint')).toHaveText(String(valueOf(current, current.unlock!.hint)).padStart(6, '0'));
    await dialog.locator('.unlock-dialog__mode .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '延长30天' }).click();
    await dialog.locator('.unlock-dialog__note').fill('e2e unlock');
    await dialog.locator('.unlock-dialog__calculate').click();
    await expect(dialog.locator('.unlock-dialog__password')).toHaveText(/^\d{8}$/, { timeout: 15_000 });
    await keepScreenshot(page, 'unlock-dialog-calculated-zh');

    // Write to controller: it takes the password, and the lock state turns unlocked live.
    await dialog.locator('.unlock-dialog__write').click();
    await expect(dialog.locator('.unlock-dialog__outcome')).toHaveAttribute('data-outcome', 'unlocked', { timeout: 30_000 });
    await expect(dialog.locator('.lock-tag')).toHaveAttribute('data-locked', '0');
    await keepScreenshot(page, 'unlock-dialog-unlocked-zh');
    await dialog.locator('.ant-modal-close').click();
    await expect(lockBar).toHaveAttribute('data-locked', '0');

    // Now it starts: the command is acked and the running flag rises.
    await pressStart(page, machine.startStop);
    await expect(startRow.locator('.command-tag[data-state="acked"]')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => valueOf(await realtimeOf(request, token, device), machine.running), { timeout: 60_000, intervals: [2_000] }).toBe(1);
  });
});
