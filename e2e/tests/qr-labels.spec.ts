import type { RelationDevicePage } from '@cloudbox/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { api, freshBoxId, registerBox, tokenOf } from './support/devices.js';
import { keepScreenshot, useLanguage, useSession } from './support/session.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Clicks what starts a download and answers the saved file's name and bytes. */
async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test.describe('QR labels', () => {
  test("root prints a box's PNG label and a range's PDF from the registration list; a manager's add-device reads the printed label and binds the box", async ({
    page,
    newContext,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    await useSession(page, 'demo_root');
    const rootToken = await tokenOf(page);
    const prefix = freshBoxId();
    const ids = ['1', '2', '3'].map((last) => `${prefix}${last}`);
    for (const id of ids) await registerBox(request, rootToken, { id });
    const [first, labelled, last] = ids as [string, string, string];

    await page.goto('/box-reg-info/list');
    await page.locator('.box-registry-toolbar__keyword input').fill(prefix);
    await page.locator('.box-reg-list__search').click();
    await expect(page.locator('.box-reg-list__table tbody tr[data-box]')).toHaveCount(3);

    // One box: its label as a PNG.
    await page.locator(`tr[data-box="${labelled}"] .box-reg-list__qr-label`).click();
    const dialog = page.locator('.qr-labels-dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText(`QR label of box ${labelled}`);
    await keepScreenshot(page, 'qr-labels-box-en');
    const label = await downloaded(page, () => dialog.locator('.qr-labels-dialog__download').click());
    expect(label.name).toBe(`qr-label-${labelled}.png`);
    expect(label.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    await expect(dialog).toBeHidden();
    const answer = await request.get(`/api/v2/boxes/${labelled}/qr-label`, { headers: { Authorization: `Bearer ${rootToken}` } });
    expect(answer.headers()['content-type']).toBe('image/png');

    // A range: checked in the form, refused by the server when it holds no box, else a PDF.
    await page.locator('.box-reg-list__qr-labels').click();
    await dialog.locator('.qr-labels-dialog__start').fill(last);
    await dialog.locator('.qr-labels-dialog__end').fill(first);
    await dialog.locator('.qr-labels-dialog__download').click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('The end box ID must not be smaller than the start box ID');
    await dialog.locator('.qr-labels-dialog__start').fill('1');
    await dialog.locator('.qr-labels-dialog__end').fill('2');
    await dialog.locator('.qr-labels-dialog__download').click();
    await expect(dialog.locator('.qr-labels-dialog__error')).toHaveText('No box you may label has an ID in this range');
    await dialog.locator('.qr-labels-dialog__start').fill(first);
    await dialog.locator('.qr-labels-dialog__end').fill(last);
    await keepScreenshot(page, 'qr-labels-range-en');
    const sheet = await downloaded(page, () => dialog.locator('.qr-labels-dialog__download').click());
    expect(sheet.name).toBe(`qr-labels-${first}-${last}.pdf`);
    expect(sheet.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(sheet.bytes)).getPageCount()).toBe(1);

    // The printed label, photographed into add-device by a manager: the box id fills in, and it binds.
    const context = await newContext();
    const manager = await context.newPage();
    await useLanguage(manager, 'en');
    await useSession(manager, 'demo_manager');
    await manager.goto('/usermanager/add-device');
    await manager.locator('.add-device input[type="file"]').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: label.bytes });
    await expect(manager.locator('.ant-message-success', { hasText: `QR code read: ${labelled}` })).toBeVisible();
    await expect(manager.locator('#add-device_device_id')).toHaveValue(labelled);
    await expect(manager.locator('#add-device_ck')).toHaveValue('1001');
    await manager.locator('.bind-device-submit').click();
    await expect(manager.locator('.ant-message-success', { hasText: `Device ${labelled} is now bound to your account` })).toBeVisible();
    const own = await api<RelationDevicePage>(request, await tokenOf(manager), `/user_register/get_unassigned_devices?page=1&page_size=20&keyword=${labelled}`);
    expect(own.items.map((item) => item.box_id)).toEqual([labelled]);
  });
});
