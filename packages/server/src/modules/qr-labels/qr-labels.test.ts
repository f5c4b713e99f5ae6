import { DEMO_PASSWORD, parseBoxCode, QR_LABELS_MAX } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import jsqr from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { expectRejected, signedInGet } from '../../test/api.js';
import { box } from '../../test/fleet.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const CONTROLLERS = [{ station: 1, device_type: 'maglev_blower', device_number: 'N-1' }];
/** CK 1001: ids 100000061..100000065 and 00012 (numerically 12), one of CK 2002 in between. */
const OWN = ['100000061', '100000062', '100000063', '100000064', '100000065'];
const OTHER_CK = '100000066';
const PUBLIC_URL = 'https://cloud.example.com';
/** jsqr is CommonJS whose `default` is the function itself too: its declared default under NodeNext. */
const jsQR = jsqr.default;

/** The text of the QR code in a PNG, read as the add-device photo scan reads it. */
function codeIn(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe.each(DATABASE_KINDS)('QR labels on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PUBLIC_URL } });
    for (const id of [...OWN, '00012']) await t.app.services.boxes.register(box(id, '1001', {}, CONTROLLERS), null);
    await t.app.services.boxes.register(box(OTHER_CK, '2002', {}, CONTROLLERS), null);
    for (const name of ['demo_root', 'demo_maker', 'demo_limited', 'demo_manager', 'demo_market']) tokens[name] = await signIn(t.app, name, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const get = signedInGet(() => t, tokens, 'demo_maker');

  describe('GET /boxes/:boxId/qr-label', () => {
    it('answers a PNG whose code the add-device scanner reads as the box, with the install address and no CK', async () => {
      const response = await get('/boxes/100000062/qr-label');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toContain('qr-label-100000062.png');
      const text = codeIn(response.rawPayload);
      expect(text).toBe(`${PUBLIC_URL}/usermanager/add-device?box_id=100000062`);
      expect(parseBoxCode(text!)).toEqual({ id: '100000062' });
    });

    it('answers a one-page PDF when asked', async () => {
      const response = await get('/boxes/100000062/qr-label?format=pdf', 'demo_limited');
      expect(response.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(1);
    });

    it("lets root label any company's box, and answers another company's box as missing to a manufacturer", async () => {
      expect((await get(`/boxes/${OTHER_CK}/qr-label`, 'demo_root')).statusCode).toBe(200);
      expectRejected(await get(`/boxes/${OTHER_CK}/qr-label`), 404, 'Box not found.');
      expectRejected(await get('/boxes/999999999/qr-label'), 404, 'Box not found.');
    });

    it('refuses users who do not administer boxes, and bad input', async () => {
      expect((await get('/boxes/100000062/qr-label', 'demo_manager')).statusCode).toBe(403);
      expect((await get('/boxes/100000062/qr-label', 'demo_market')).statusCode).toBe(403);
      expect((await get('/boxes/abc/qr-label')).statusCode).toBe(400);
      expect((await get('/boxes/100000062/qr-label?format=gif')).statusCode).toBe(400);
    });
  });

  describe('GET /boxes/qr-labels', () => {
    const range = (start: string, end: string, rest = '') => `/boxes/qr-labels?start_box_id=${start}&end_box_id=${end}${rest}`;

    it("puts the caller's boxes of the range, in numeric order, on a PNG sheet: each code scans to its box", async () => {
      const response = await get(range('12', '100000063', '&format=png&columns=3'));
      expect(response.statusCode, response.body).toBe(200);
      const sheet = PNG.sync.read(response.rawPayload);
      // 00012, 100000061, 100000062 on the first row; 100000063 alone on the second.
      const cellWidth = Math.floor((sheet.width - 1) / 3);
      const cellHeight = Math.floor((sheet.height - 1) / 2);
      const cell = (row: number, column: number) => {
        const part = new PNG({ width: cellWidth, height: cellHeight });
        PNG.bitblt(sheet, part, column * cellWidth, row * cellHeight, cellWidth, cellHeight, 0, 0);
        return parseBoxCode(codeIn(PNG.sync.write(part)) ?? '')?.id;
      };
      expect([cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0)]).toEqual(['00012', '100000061', '100000062', '100000063']);
    });

    it('lays a range out on A4 pages as a PDF: 20 labels a page at 4 a row (5 rows), 4 at 2 a row', async () => {
      const ids = Array.from({ length: 25 }, (_, index) => String(300000001 + index));
      for (const id of ids) await t.app.services.boxes.register(box(id, '1001', {}, CONTROLLERS), null);
      const response = await get(range(ids[0]!, ids.at(-1)!));
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBe(2);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
      const twoRows = await PDFDocument.load((await get(range(ids[0]!, ids.at(-1)!, '&columns=2'))).rawPayload);
      expect(twoRows.getPageCount()).toBe(7);
    });

    it("counts only the caller's boxes: another company's range holds none for a manufacturer but not for root", async () => {
      expectRejected(await get(range(OTHER_CK, OTHER_CK)), 404, 'No box you may label has an ID in this range');
      expect((await get(range(OTHER_CK, OTHER_CK), 'demo_root')).statusCode).toBe(200);
    });

    it('refuses a range of more boxes than a file holds, in the caller’s language, rendering nothing', async () => {
      const values = Array.from({ length: QR_LABELS_MAX + 1 }, (_, index) => sql`(${String(500000001 + index)}, '1001', 'test', 'x')`);
      await t.database.db.execute(sql`insert into boxes (id, ck, model, secret_hash) values ${sql.join(values, sql`, `)}`);
      expectRejected(await get(range('500000001', '500000501')), 400, `Too many labels: at most ${QR_LABELS_MAX} boxes at once`);
      expectRejected(await get(range('500000001', '500000101', '&format=png')), 400, 'A PNG sheet holds at most 100 labels: choose PDF for more');
      expectRejected(
        await get(range('500000001', '500000101', '&format=png'), 'demo_maker', { 'accept-language': 'zh' }),
        400,
        'PNG 图片最多容纳 100 个标签：更多请选择 PDF',
      );
    });

    it('refuses a missing, malformed or reversed range and a bad layout', async () => {
      const errors = async (url: string) => (envelopeOf<{ errors: { field: string }[] }>(await get(url)).data?.errors ?? []).map((error) => error.field);
      expect(await errors('/boxes/qr-labels?start_box_id=1')).toContain('end_box_id');
      expect(await errors(range('x1', '5'))).toContain('start_box_id');
      expect(await errors(range('9', '5'))).toContain('end_box_id');
      expect(await errors(range('1', '5', '&columns=9'))).toContain('columns');
      expect((await get(range('1', '5', '&format=svg'))).statusCode).toBe(400);
    });
  });
});

describe.each(DATABASE_KINDS)('QR bindings on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const BOXES = ['700000001', '700000002', '700000003', '700000004', '700000005', '700000006'];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const id of BOXES) await t.app.services.boxes.register(box(id, '1001', {}, CONTROLLERS), null);
    tokens.demo_manager = await signIn(t.app, 'demo_manager', DEMO_PASSWORD);
    tokens.demo_root = await signIn(t.app, 'demo_root', DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v2/user_register/${path}`, headers: { ...bearer(tokens.demo_manager!), ...EN }, payload });
  const bindings = (boxId: string) =>
    queryRows<{ username: string; ck: string; scan_mode: string; flag: boolean }>(
      t.database.db,
      sql`select username, ck, scan_mode, flag from qr_bindings where box_id = ${boxId} order by id`,
    );
  const ownerOf = async (boxId: string) =>
    (await queryRows<{ owner_id: number | null }>(t.database.db, sql`select owner_id from boxes where id = ${boxId}`))[0]!.owner_id;

  it('records a box bound from its scanned code, with how it was read, in the binding itself', async () => {
    expect((await post('register_device_to_user', { device_id: BOXES[0], ck: '1001', scan_mode: 'photo' })).statusCode).toBe(200);
    expect(await bindings(BOXES[0]!)).toEqual([{ username: 'demo_manager', ck: '1001', scan_mode: 'photo', flag: true }]);
  });

  it('records nothing for an id typed without a code, a refused binding or a bad scan mode', async () => {
    expect((await post('register_device_to_user', { device_id: BOXES[1], ck: '1001' })).statusCode).toBe(200);
    expect(await bindings(BOXES[1]!)).toEqual([]);
    expect((await post('register_device_to_user', { device_id: BOXES[2], ck: '2002', scan_mode: 'camera' })).statusCode).toBe(400);
    expect((await post('register_device_to_user', { device_id: BOXES[2], ck: '1001', scan_mode: 'laser' })).statusCode).toBe(400);
    expect((await post('register_device_to_user', { device_id: BOXES[1], ck: '1001', scan_mode: 'camera' })).statusCode).toBe(409);
    expect(await bindings(BOXES[2]!)).toEqual([]);
    expect(await bindings(BOXES[1]!)).toEqual([]);
    expect(await ownerOf(BOXES[2]!)).toBeNull();
  });

  it('ends the binding (flag false) when the box is unbound, and a new scan binds it again', async () => {
    expect((await post('register_device_to_user', { device_id: BOXES[2], ck: '1001', scan_mode: 'camera' })).statusCode).toBe(200);
    expect((await post('delete_device', { device_ids: [BOXES[2]] })).statusCode).toBe(200);
    expect(await bindings(BOXES[2]!)).toEqual([expect.objectContaining({ scan_mode: 'camera', flag: false })]);
    expect((await post('register_device_to_user', { device_id: BOXES[2], ck: '1001', scan_mode: 'typed' })).statusCode).toBe(200);
    expect((await bindings(BOXES[2]!)).map((row) => [row.scan_mode, row.flag])).toEqual([
      ['camera', false],
      ['typed', true],
    ]);
  });

  it('ends the binding when the box is assigned away, and leaves the other bindings alone', async () => {
    const [sub] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'demo_sub2'`);
    expect((await post('register_device_to_user', { device_id: BOXES[3], ck: '1001', scan_mode: 'photo' })).statusCode).toBe(200);
    expect((await post('assign_device', { device_id: BOXES[3], user_id: sub!.id })).statusCode).toBe(200);
    expect(await bindings(BOXES[3]!)).toEqual([expect.objectContaining({ flag: false })]);
    expect(await bindings(BOXES[0]!)).toEqual([expect.objectContaining({ flag: true })]);
  });

  it('ends the binding when root moves the box to another company or deletes it', async () => {
    const asRoot = (method: 'PUT' | 'DELETE', boxId: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v2/boxes/${boxId}`, headers: { ...bearer(tokens.demo_root!), ...EN }, payload });
    for (const id of [BOXES[4]!, BOXES[5]!])
      expect((await post('register_device_to_user', { device_id: id, ck: '1001', scan_mode: 'photo' })).statusCode).toBe(200);
    expect((await asRoot('PUT', BOXES[4]!, { ck: '2002' })).statusCode).toBe(200);
    expect((await asRoot('DELETE', BOXES[5]!)).statusCode).toBe(200);
    expect(await bindings(BOXES[4]!)).toEqual([expect.objectContaining({ flag: false })]);
    expect(await bindings(BOXES[5]!)).toEqual([expect.objectContaining({ flag: false })]);
    expect(await bindings(BOXES[0]!)).toEqual([expect.objectContaining({ flag: true })]);
  });
});
