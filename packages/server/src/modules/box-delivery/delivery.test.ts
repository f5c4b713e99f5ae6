import { boxTopics, configMessageSchema, serverAddressMessageSchema } from '@cloudbox/domain';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessage, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf } from '../../test/helpers.js';

/** Messages a box receives on its down topics, kept by topic. */
async function listen(client: MqttClient, boxId: string): Promise<Map<string, unknown[]>> {
  const received = new Map<string, unknown[]>();
  client.on('message', (topic, payload) => received.set(topic, [...(received.get(topic) ?? []), JSON.parse(payload.toString()) as unknown]));
  await client.subscribeAsync(`cloudbox/${boxId}/down/#`, { qos: 1 });
  return received;
}

describe.each(DATABASE_KINDS)('server addresses, configuration files and data usage over MQTT on %s', (kind) => {
  let t: DataPlaneTest;
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(t.rootToken), ...EN },
      payload: payload as Record<string, unknown>,
      remoteAddress: '198.51.100.9',
    });
  const state = async (table: 'box_server_configs' | 'box_config_deliveries', boxId: string) =>
    (
      await t.rows<{ state: string; error: string | null }>(
        sql`select state, error from ${sql.raw(table)} where box_id = ${boxId} order by updated_at desc limit 1`,
      )
    )[0];

  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
  });
  afterAll(() => t.dispose());

  it('queues a server address for an offline box, sends it when the box connects, and settles it with the box’s ack', async () => {
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId });
    const set = await api('PUT', '/box-server-configs', { box_ids: [boxId], ip_address: 'iot.example.com:1883' });
    expect(set.statusCode).toBe(200);
    expect(envelopeOf(set).data).toEqual({ changed: 1 });
    expect(await state('box_server_configs', boxId)).toEqual({ state: 'queued', error: null });

    const client = await t.connectBox(boxId, secret);
    const received = await listen(client, boxId);
    const message = await eventually(() => received.get(boxTopics(boxId).server)?.[0], 'the server address at the box');
    const { cmdId, server } = serverAddressMessageSchema.parse(message);
    expect(server).toBe('iot.example.com:1883');
    await eventually(async () => ((await state('box_server_configs', boxId))?.state === 'sent' ? true : undefined), 'the delivery sent');

    await client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId, ok: true }), { qos: 1 });
    expect(await state('box_server_configs', boxId)).toEqual({ state: 'acked', error: null });
    const [logged] = await t.rows<{ old_value: string | null; new_value: string; ip: string }>(
      sql`select old_value, new_value, ip from operation_logs where action = 'set_server_ip' and box_id = ${boxId}`,
    );
    expect(logged).toEqual({ old_value: null, new_value: 'iot.example.com:1883', ip: '198.51.100.9' });

    // A resend goes out at once to the online box, under a new id; the old id no longer settles it.
    expect((await api('POST', `/box-server-configs/${boxId}/resend`)).statusCode).toBe(200);
    const again = await eventually(() => received.get(boxTopics(boxId).server)?.[1], 'the resent address');
    expect(serverAddressMessageSchema.parse(again).cmdId).not.toBe(cmdId);
    await client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId: serverAddressMessageSchema.parse(again).cmdId, ok: false, error: 'bad_request' }), {
      qos: 1,
    });
    expect(await state('box_server_configs', boxId)).toEqual({ state: 'failed', error: 'bad_request' });
  });

  it('sends boxes that come back at once their own waiting addresses, and none of the others’', async () => {
    const boxes = await Promise.all(
      ['10.0.0.1:1883', '10.0.0.2:1883', '10.0.0.3:1883'].map(async (address) => {
        const boxId = t.boxId();
        const { secret } = await t.register({ id: boxId });
        expect((await api('PUT', '/box-server-configs', { box_ids: [boxId], ip_address: address })).statusCode).toBe(200);
        return { boxId, secret, address };
      }),
    );
    const clients = await Promise.all(boxes.map(({ boxId, secret }) => t.connectBox(boxId, secret)));
    const received = await Promise.all(clients.map((client, index) => listen(client, boxes[index]!.boxId)));
    for (const [index, { boxId, address }] of boxes.entries()) {
      const messages = await eventually(() => received[index]!.get(boxTopics(boxId).server), 'the address at its box');
      expect(messages.map((message) => serverAddressMessageSchema.parse(message).server)).toEqual([address]);
      await eventually(async () => ((await state('box_server_configs', boxId))?.state === 'sent' ? true : undefined), 'the delivery sent');
    }
  });

  it('sends a model’s newest configuration to its boxes with its SHA-256, and a write’s ack still reaches the commands', async () => {
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId, model: 'CB-DELIVERY' });
    const model = envelopeOf<{ id: number }>(await api('POST', '/box-models', { name: 'CB-DELIVERY' })).data;
    const content = JSON.stringify({ poll: [{ station: 1, registers: [1, 2, 3] }] });
    expect(envelopeOf(await api('POST', `/box-models/${model.id}/configs/en`, { file_name: 'a.json', content: '{}' })).data).toEqual({ version: 1 });
    expect(envelopeOf(await api('POST', `/box-models/${model.id}/configs/en`, { file_name: 'b.json', content })).data).toEqual({ version: 2 });

    const client = await t.connectBox(boxId, secret);
    const received = await listen(client, boxId);
    await eventually(() => (t.app.services.broker.view.isConnected(boxId) ? true : undefined), 'the box connected');
    const sent = await api('POST', `/box-models/${model.id}/configs/en/send`);
    expect(envelopeOf(sent)).toMatchObject({ data: { version: 2, boxes: 1 }, message: 'Version 2 will be sent to 1 boxes' });
    const message = configMessageSchema.parse(await eventually(() => received.get(boxTopics(boxId).config)?.[0], 'the configuration at the box'));
    expect(message).toMatchObject({ version: 2, content, sha256: createHash('sha256').update(content).digest('hex') });
    await client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId: message.cmdId, ok: true }), { qos: 1 });
    expect(await state('box_config_deliveries', boxId)).toEqual({ state: 'acked', error: null });

    // An ack whose id is no delivery goes on to the commands, which know no such command either: nothing changes.
    await client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId: '00000000-0000-4000-8000-000000000000', ok: true }), { qos: 1 });
    expect(await state('box_config_deliveries', boxId)).toEqual({ state: 'acked', error: null });
  });

  it('counts the payload bytes a box publishes and is sent, per box and local day', async () => {
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId });
    const client = await t.connectBox(boxId, secret);
    const received = await listen(client, boxId);
    let bytesReceived = 0;
    client.on('message', (_topic, payload) => (bytesReceived += payload.length));
    const data = dataMessage(Date.now() - 1000, 1, { 10: 1 });
    await client.publishAsync(boxTopics(boxId).data, data, { qos: 1 });
    await api('PUT', '/box-server-configs', { box_ids: [boxId], ip_address: '10.0.0.5' });
    const down = await eventually(() => received.get(boxTopics(boxId).server)?.[0], 'the server address');

    // Every byte the box was sent, and no more: the address once, or twice when the box's subscription (which sends
    // what waits for it) is handled after the address is stored, as on a busy machine (idempotent on the box).
    const usage = await eventually(async () => {
      await t.app.services.boxDelivery.meter.flush();
      const [row] = await t.rows<{ day: string; bytes_up: number; bytes_down: number; messages: number }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, bytes_up::float8 as bytes_up, bytes_down::float8 as bytes_down, messages from box_data_usage where box_id = ${boxId}`,
      );
      return row && row.bytes_down === bytesReceived ? row : undefined;
    }, 'the bytes sent to the box counted');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(usage.day).toBe(today);
    expect(usage.bytes_down).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(down)));
    expect(usage.bytes_up).toBeGreaterThanOrEqual(Buffer.byteLength(data));
    expect(usage.messages).toBeGreaterThanOrEqual(2);

    const detail = envelopeOf<{ data_usage: { bytes_up: number; bytes_down: number } }>(
      await t.app.inject({ method: 'GET', url: `/api/v2/devices/${boxId}`, headers: bearer(t.rootToken) }),
    ).data;
    expect(detail.data_usage).toMatchObject({ bytes_up: usage.bytes_up, bytes_down: usage.bytes_down });
    const dws = envelopeOf<{ days: { day: string }[]; months: unknown[] }>(await api('GET', `/box-usage/${boxId}`)).data;
    expect(dws.days.map((day) => day.day)).toEqual([today]);
    expect(dws.months).toHaveLength(1);
  });
});
