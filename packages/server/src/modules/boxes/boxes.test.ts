import { boxTopics, MAGLEV_BLOWER, type BoxView, type BoxWithSecret, type DeviceRealtime } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldErrors } from '../../test/api.js';
import { dataMessage, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../../test/helpers.js';

/** The facts of a registered box, as the device edit form sends them. */
const FACTS = {
  ck: '1001',
  model: 'CB-4G',
  software: 'CB-OS 2.4.1',
  iccid: '89860412345678901234',
  install_date: '2026-01-15',
  expiry_date: '2027-01-14',
  owner_unit: 'Acme Water',
  province: '江苏省',
  city: '苏州市',
  district: '吴中区',
  street: '创业路 8 号',
  latitude: 31.3,
  longitude: 120.6,
  contact: 'Li Lei',
  phone: '13800000000',
  remark: 'pump house',
  server_ip: '203.0.113.5',
  controllers: [{ station: 1, device_type: 'maglev_blower', machine_model: 'MBF-150', device_number: 'B-1' }],
};

describe.each(DATABASE_KINDS)('box registration on %s', (kind) => {
  let t: DataPlaneTest;
  let tokens: Record<'demo_limited' | 'demo_manager', string>;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    tokens = await signInDemo(t.app, ['demo_limited', 'demo_manager']);
  });
  afterAll(() => t.dispose());

  const post = (token: string, payload: unknown, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: '/api/v2/boxes', headers: { ...bearer(token), ...headers }, payload: payload as Record<string, unknown> });

  it('registers a box with its facts and controllers, and shows the secret once', async () => {
    const id = t.boxId();
    const response = await post(tokens.demo_limited, {
      id,
      ...FACTS,
      controllers: [
        { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-150', device_number: 'B-1' },
        { station: 2, device_type: 'generic_plc' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { box, secret } = envelopeOf<BoxWithSecret>(response).data;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(box).toMatchObject({ id, ck: '1001', owner_unit: 'Acme Water', server_ip: '203.0.113.5', online: false, latitude: 31.3 });
    expect(box.controllers).toEqual([
      { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-150', device_number: 'B-1' },
      { station: 2, device_type: 'generic_plc', machine_model: '', device_number: '' },
    ]);
    const [stored] = await t.rows<{ secret_hash: string }>(sql`select secret_hash from boxes where id = ${id}`);
    expect(stored?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secret_hash).not.toContain(secret);

    const shown = await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: bearer(tokens.demo_limited) });
    expect(envelopeOf<BoxView>(shown).data).toEqual(box);
    expect(shown.body).not.toContain(secret);
    // A manager sees the boxes bound to it (add-device), not a box just registered in its CK.
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: bearer(tokens.demo_manager) })).statusCode).toBe(404);
    expect((await post(tokens.demo_limited, { id, ck: '1001', controllers: [{ station: 1, device_type: 'maglev_blower' }] })).statusCode).toBe(409);
  });

  it('answers every invalid field in the caller’s language and registers nothing', async () => {
    const id = t.boxId();
    const response = await post(tokens.demo_limited, {
      id: `${id}x`,
      ck: '12',
      iccid: 'abc',
      install_date: '2026-02-30',
      latitude: 91,
      controllers: [
        { station: 1, device_type: 'maglev_blower' },
        { station: 1, device_type: 'toaster' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expectFieldErrors(envelopeOf(response), [
      { field: 'id', message: 'The box ID must be 1-32 digits' },
      { field: 'ck', message: 'CK code must be exactly 4 digits' },
      { field: 'iccid', message: 'The ICCID must be 18-22 digits or letters A-F' },
      { field: 'install_date', message: 'Use a date in the form YYYY-MM-DD' },
      { field: 'latitude', message: 'The latitude must be between -90 and 90' },
      { field: 'controllers', message: 'Each station number may appear only once' },
    ]);
    const chinese = await post(tokens.demo_limited, { id, ck: '1001', controllers: [{ station: 1, device_type: 'toaster' }] }, {});
    expect(envelopeOf(chinese).message).toBe('未知的设备类型：toaster');
    const unknownCk = await post(t.rootToken, { id, ck: '9999', controllers: [{ station: 1, device_type: 'maglev_blower' }] });
    expect(envelopeOf(unknownCk).message).toBe('Unknown CK code: 9999');
    expect(await t.rows(sql`select id from boxes where id = ${id}`)).toEqual([]);
  });

  it('lets root and limited_admin register, limited_admin only in its own CK', async () => {
    const box = (ck: string) => ({ id: t.boxId(), ck, controllers: [{ station: 1, device_type: 'air_compressor' }] });
    expect((await post(tokens.demo_manager, box('1001'))).statusCode).toBe(403);
    expect((await post(tokens.demo_limited, box('2002'))).statusCode).toBe(403);
    expect((await post(t.rootToken, box('2002'))).statusCode).toBe(200);
    const other = box('2002');
    await post(t.rootToken, other);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${other.id}`, headers: bearer(tokens.demo_limited) })).statusCode).toBe(404);
  });

  it('edits a box: controllers kept by station keep their id, removed ones go with their data', async () => {
    const id = t.boxId();
    await t.register({
      id,
      controllers: [
        { station: 1, device_type: 'maglev_blower' },
        { station: 2, device_type: 'generic_plc' },
      ],
    });
    const before = await t.rows<{ id: number; station: number }>(sql`select id, station from controllers where box_id = ${id} order by station`);
    await t.app.services.ingest.receive(boxTopics(id).data, Buffer.from(dataMessage(Date.now(), 1, { 30: 100 }, 2)), { boxId: id });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/boxes/${id}`,
      headers: { ...bearer(tokens.demo_limited), ...EN },
      payload: {
        ck: '1001',
        owner_unit: 'New owner',
        controllers: [
          { station: 1, device_type: 'maglev_blower', machine_model: 'MBF-300' },
          { station: 3, device_type: 'air_compressor' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(envelopeOf<BoxView>(response).data).toMatchObject({
      owner_unit: 'New owner',
      controllers: [{ station: 1, machine_model: 'MBF-300' }, { station: 3 }],
    });
    const after = await t.rows<{ id: number; station: number }>(sql`select id, station from controllers where box_id = ${id} order by station`);
    expect(after[0]).toEqual(before[0]);
    expect(await t.rows(sql`select 1 from samples where controller_id = ${before[1]!.id}`)).toEqual([]);
    expect(await t.rows(sql`select 1 from rollups_hourly where controller_id = ${before[1]!.id}`)).toEqual([]);
    expect(await t.rows(sql`select 1 from rollup_queue where controller_id = ${before[1]!.id}`)).toEqual([]);
  });

  const put = (token: string, id: string, payload: unknown, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'PUT', url: `/api/v2/boxes/${id}`, headers: { ...bearer(token), ...headers }, payload: payload as Record<string, unknown> });
  const shown = async (id: string) => envelopeOf<BoxView>(await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: bearer(t.rootToken) })).data;

  it('edits only the fields sent: the ones left out keep their values', async () => {
    const id = t.boxId();
    await t.register({ id, ...FACTS });
    const before = await shown(id);
    const [assigned] = await t.rows<{ at: string }>(sql`select ck_assigned_at::text as at from boxes where id = ${id}`);

    const response = await put(tokens.demo_limited, id, {
      remark: 'moved to hall 2',
      latitude: null,
      controllers: [
        { station: 1, device_type: 'maglev_blower' },
        { station: 2, device_type: 'generic_plc' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(envelopeOf<BoxView>(response).data).toEqual({
      ...before,
      remark: 'moved to hall 2',
      latitude: null,
      // A machine model and device number left out are kept for a station the box has.
      controllers: [...before.controllers, { station: 2, device_type: 'generic_plc', machine_model: '', device_number: '' }],
    });
    expect(await t.rows(sql`select ck_assigned_at::text as at from boxes where id = ${id}`)).toEqual([assigned]);
    expect((await put(tokens.demo_limited, id, {})).statusCode).toBe(200);
    expect(await shown(id)).toEqual(envelopeOf<BoxView>(response).data);
  });

  it('moves a box to another company when an edit changes its CK, ending what belonged to the old one, as the box-CK screen does', async () => {
    const id = t.boxId();
    await t.register({ id, ...FACTS });
    await t.database.db.execute(sql`update boxes set owner_id = (select id from users where username = 'demo_manager') where id = ${id}`);
    await t.database.db.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${id}, h.id, m.id, 'read' from users h, users m where h.username = 'demo_helper' and m.username = 'demo_manager'`);

    expect((await put(t.rootToken, id, { ck: '2002', remark: 'sold on' })).statusCode).toBe(200);
    expect(await t.rows(sql`select ck, owner_id, sales_channel_id, remark from boxes where id = ${id}`)).toEqual([
      { ck: '2002', owner_id: null, sales_channel_id: null, remark: 'sold on' },
    ]);
    expect(await t.rows(sql`select 1 from device_shares where box_id = ${id}`)).toEqual([]);
    expect(await t.rows(sql`select from_ck, to_ck from box_ck_moves where box_id = ${id}`)).toEqual([{ from_ck: '1001', to_ck: '2002' }]);
    expect(await t.rows(sql`select action from operation_logs where box_id = ${id} and action in ('move_box_ck', 'edit_box') order by id`)).toEqual([
      { action: 'move_box_ck' },
      { action: 'edit_box' },
    ]);
    const formerOwner = await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: bearer(tokens.demo_manager) });
    expect(formerOwner.statusCode).toBe(404);
  });

  it('answers a bad edit with 400 in the caller’s language and changes nothing', async () => {
    const id = t.boxId();
    await t.register({ id, ...FACTS });
    const before = await shown(id);

    const chinese = await put(tokens.demo_limited, id, { remark: 'never stored', latitude: 91, iccid: 'abc' }, {});
    expect(chinese.statusCode).toBe(400);
    expect(envelopeOf(chinese).code).toBe(40111);
    expectFieldErrors(envelopeOf(chinese), [
      { field: 'latitude', message: '纬度必须在-90到90之间' },
      { field: 'iccid', message: 'ICCID必须为18-22位数字或字母A-F' },
    ]);
    const unknownType = await put(tokens.demo_limited, id, { remark: 'never stored', controllers: [{ station: 1, device_type: 'toaster' }] });
    expect(unknownType.statusCode).toBe(400);
    expect(envelopeOf(unknownType).message).toBe('Unknown device type: toaster');
    const unknownCk = await put(t.rootToken, id, { remark: 'never stored', ck: '9999' }, { 'accept-language': 'es' });
    expect(envelopeOf(unknownCk).message).toBe('Código CK desconocido: 9999');
    expect(await shown(id)).toEqual(before);
  });

  it("ends the old type's active records and clears its latest values when a station changes device type, keeping its samples", async () => {
    const id = t.boxId();
    await t.register({ id, ...FACTS });
    const [controller] = await t.rows<{ id: number }>(sql`select id from controllers where box_id = ${id} and station = 1`);
    // The blower's fault flag (bit 3 of the status word) opens a fault record.
    await t.app.services.ingest.receive(
      boxTopics(id).data,
      Buffer.from(dataMessage(Date.now() - 1000, 1, { [MAGLEV_BLOWER.fault]: 0b1000, [MAGLEV_BLOWER.speed]: 12_000 })),
      { boxId: id },
    );
    const records = () => t.rows<{ active: boolean }>(sql`select active from fault_records where controller_id = ${controller!.id}`);
    expect(await records()).toEqual([{ active: true }]);

    const response = await put(tokens.demo_limited, id, { controllers: [{ station: 1, device_type: 'air_compressor' }] });
    expect(response.statusCode).toBe(200);
    expect(envelopeOf<BoxView>(response).data.controllers).toEqual([
      { station: 1, device_type: 'air_compressor', machine_model: 'MBF-150', device_number: 'B-1' },
    ]);
    expect(await t.rows(sql`select id from controllers where box_id = ${id}`)).toEqual([controller]);
    expect(await records()).toEqual([{ active: false }]);
    expect(await t.rows(sql`select 1 from latest_values where controller_id = ${controller!.id}`)).toEqual([]);
    expect(await t.rows(sql`select 1 from samples where controller_id = ${controller!.id}`)).toHaveLength(1);
    // The box's message brought it online; written now rather than whenever the next flush runs.
    await t.app.services.status.flush();
    const realtime = await t.app.inject({ method: 'GET', url: `/api/v2/devices/${id}/controllers/1/realtime`, headers: bearer(t.rootToken) });
    expect(envelopeOf<DeviceRealtime>(realtime).data).toMatchObject({ ts: null, status: 'online' });
  });

  it('rotates the secret: the old one stops working, the new one connects', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    const closed = new Promise<void>((resolve) => box.once('close', () => resolve()));
    const response = await t.app.inject({ method: 'POST', url: `/api/v2/boxes/${id}/secret`, headers: bearer(t.rootToken) });
    const renewed = envelopeOf<BoxWithSecret>(response).data.secret;
    expect(renewed).not.toBe(secret);
    await closed;
    await expect(mqtt.connectAsync(t.url, { username: id, password: secret, reconnectPeriod: 0 })).rejects.toThrow(/bad username or password/i);
    const again = await t.connectBox(id, renewed);
    expect(again.connected).toBe(true);
  });

  it('deletes a box with its data, keeps its logs, and refuses it afterwards', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    await t.app.services.ingest.receive(boxTopics(id).data, Buffer.from(dataMessage(Date.now(), 1, { 10: 12_000 })), { boxId: id });
    await t.app.services.oplog.record(t.database.db, { username: 'demo_root', ck: '1001', boxId: id, action: 'switch' });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/v2/boxes/${id}`, headers: bearer(tokens.demo_limited) });
    expect(response.statusCode).toBe(200);
    expect(await t.rows(sql`select 1 from controllers where box_id = ${id}`)).toEqual([]);
    expect(await t.rows(sql`select action from operation_logs where box_id = ${id} order by id`)).toEqual([
      { action: 'register_box' },
      { action: 'switch' },
      { action: 'delete_box' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: bearer(t.rootToken) })).statusCode).toBe(404);
    await expect(mqtt.connectAsync(t.url, { username: id, password: secret, reconnectPeriod: 0 })).rejects.toThrow(/bad username or password/i);
  });
});
