import { boxTopics, resetMessageSchema, type BoxResetView, type JobItemView, type JobView, type Page } from '@cloudbox/domain';
import { createFleet, type Fleet } from '@cloudbox/simulator';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectFieldErrors, expectRejected } from '../../test/api.js';
import { dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf, signInDemo } from '../../test/helpers.js';

const ZH = { 'accept-language': 'zh' };

describe.each(dataPlaneTargets(DATABASE_KINDS))('rebooting and resetting boxes over MQTT on %s with the %s broker', (kind, brokerKind) => {
  let t: DataPlaneTest;
  let fleet: Fleet | undefined;
  let managerToken: string;
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = EN, token?: string) =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(token ?? t.rootToken), ...headers },
      payload: payload as Record<string, unknown>,
      remoteAddress: '198.51.100.7',
    });
  const job = async (id: number) => dataOf<JobView>(await api('GET', `/jobs/${id}`));
  const ended = (id: number) => eventually(async () => ((await job(id)).finished_at ? job(id) : undefined), `job ${id} ended`, 30_000);
  const items = async (id: number) => dataOf<Page<JobItemView>>(await api('GET', `/jobs/${id}/items?page_size=50`)).items;
  const resets = async (query: string) => dataOf<Page<BoxResetView>>(await api('GET', `/box-resets?${query}`)).items;

  beforeAll(async () => {
    t = await startDataPlaneTest(kind, brokerKind);
    managerToken = (await signInDemo(t.app, ['demo_manager'])).demo_manager;
  });
  afterAll(async () => {
    await fleet?.stop();
    await t.dispose();
  });

  it('reboots an online simulated box: sent, acknowledged, audited, and the box comes back with a new hello', async () => {
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId });
    fleet = createFleet({
      url: t.url,
      boxes: [{ id: boxId, secret, controllers: [{ station: 1, deviceType: 'maglev_blower' }] }],
      intervalSeconds: 0.2,
      seed: 1,
      dropOutRate: 0,
      faultRate: 0,
    });
    fleet.start();
    await eventually(() => (t.app.services.boxDelivery.delivery.online(boxId) ? true : undefined), 'the box online');

    const started = await api('POST', '/box-resets', { action: 'reboot', box_ids: [boxId] });
    expect(envelopeOf(started)).toMatchObject({ message: '1 boxes will be told to reboot', data: { boxes: 1 } });
    const jobId = envelopeOf<{ job_id: number }>(started).data.job_id;
    expect(await ended(jobId)).toMatchObject({ kind: 'reset_devices', state: 'done', counts: { ok: 1 }, progress: { done: 1, total: 1 } });
    expect((await items(jobId)).map((item) => [item.item, item.state, item.detail.state])).toEqual([[boxId, 'ok', 'acked']]);
    const [reset] = await resets(`job_id=${jobId}`);
    expect(reset).toMatchObject({ box_id: boxId, action: 'reboot', state: 'acked', username: 'demo_root', error: null });
    expect(reset!.sent_at).not.toBeNull();
    const [logged] = await t.rows<{ new_value: string; ip: string; command_id: string }>(
      sql`select new_value, ip, command_id::text as command_id from operation_logs where action = 'reset_device' and box_id = ${boxId}`,
    );
    expect(logged).toEqual({ new_value: 'reboot', ip: '198.51.100.7', command_id: reset!.delivery_id });

    // The reboot: the box went away and came back (a second connect, and it says hello again).
    await eventually(() => (fleet!.stats().connects >= 2 && fleet!.stats().connected === 1 ? true : undefined), 'the box back after its reboot');
    await fleet.stop();
    fleet = undefined;
  });

  it('queues a configuration reset for an offline box, sends it when the box connects, and settles the job item with the box’s ack', async () => {
    const boxId = t.boxId();
    const { secret } = await t.register({ id: boxId });
    const started = await api('POST', '/box-resets', { action: 'reset_config', box_ids: [boxId] });
    const jobId = envelopeOf<{ job_id: number }>(started).data.job_id;
    expect(await ended(jobId)).toMatchObject({ state: 'done', counts: { queued: 1 } });
    expect((await resets(`box_id=${boxId}`)).map((reset) => reset.state)).toEqual(['queued']);

    const client = await t.connectBox(boxId, secret);
    const message = await nextReset(client, boxId);
    expect(message.action).toBe('reset_config');
    await eventually(async () => ((await resets(`box_id=${boxId}`))[0]?.state === 'sent' ? true : undefined), 'the reset sent');
    await client.publishAsync(boxTopics(boxId).ack, JSON.stringify({ cmdId: message.cmdId, ok: true }), { qos: 1 });
    await eventually(async () => ((await resets(`box_id=${boxId}`))[0]?.state === 'acked' ? true : undefined), 'the reset acked');
    expect((await items(jobId)).map((item) => [item.state, item.detail.state])).toEqual([['ok', 'acked']]);
    expect((await job(jobId)).counts).toEqual({ ok: 1 });
  });

  it('records a box’s refusal as failed, with its error, for every box of a range', async () => {
    const first = t.boxId();
    const second = t.boxId();
    const ids = [first, second];
    const secrets = [(await t.register({ id: first })).secret, (await t.register({ id: second })).secret];
    const clients = await Promise.all(ids.map((id, index) => t.connectBox(id, secrets[index]!)));
    const heard = clients.map((client, index) => nextReset(client, ids[index]!));
    await eventually(() => (ids.every((id) => t.app.services.boxDelivery.delivery.online(id)) ? true : undefined), 'both boxes online');

    const started = await api('POST', '/box-resets', { action: 'reboot', start_box_id: first, end_box_id: second }, ZH);
    expect(envelopeOf(started).message).toBe('将向 2 个盒子发送重启指令');
    const jobId = envelopeOf<{ job_id: number }>(started).data.job_id;
    const messages = await Promise.all(heard);
    await clients[0]!.publishAsync(boxTopics(first).ack, JSON.stringify({ cmdId: messages[0]!.cmdId, ok: false, error: 'bad_request' }), { qos: 1 });
    await clients[1]!.publishAsync(boxTopics(second).ack, JSON.stringify({ cmdId: messages[1]!.cmdId, ok: true }), { qos: 1 });
    expect(await ended(jobId)).toMatchObject({ state: 'done', counts: { ok: 1, failed: 1 } });
    const byBox = Object.fromEntries((await items(jobId)).map((item) => [item.item, item]));
    expect(byBox[first]).toMatchObject({ state: 'failed', detail: { state: 'failed', error: 'bad_request' } });
    expect(byBox[second]).toMatchObject({ state: 'ok', detail: { state: 'acked' } });
    expect((await resets(`job_id=${jobId}&state=failed`)).map((reset) => [reset.box_id, reset.error])).toEqual([[first, 'bad_request']]);
  });

  it('refuses bad input in the caller’s language and changes nothing; only root may reset', async () => {
    const before = await t.rows<{ count: number }>(sql`select count(*)::int as count from box_resets`);
    const noRange = envelopeOf(await api('POST', '/box-resets', { action: 'reboot' }));
    expect(noRange.message).toContain('Please fill in');
    expectFieldErrors(noRange, [{ field: 'start_box_id', message: expect.any(String) }]);
    const zhAction = await api('POST', '/box-resets', { action: 'format', box_ids: ['1'] }, ZH);
    expect(zhAction.statusCode).toBe(400);
    expect(envelopeOf(zhAction).message).toContain('请选择重启或重置配置');
    expectRejected(await api('POST', '/box-resets', { action: 'reboot', start_box_id: '20', end_box_id: '10' }), 400, expect.any(String) as unknown as string);
    expectRejected(
      await api('POST', '/box-resets', { action: 'reboot', start_box_id: '999999990', end_box_id: '999999999' }),
      400,
      'No registered box matches: nothing was sent',
    );
    expect((await api('POST', '/box-resets', { action: 'reboot', box_ids: ['999999999'] })).statusCode).toBe(400);
    expectRejected(await api('POST', '/box-resets', { action: 'reboot', box_ids: ['1'] }, EN, managerToken), 403, 'You do not have permission to do this.');
    expectRejected(await api('GET', '/box-resets', undefined, EN, managerToken), 403, 'You do not have permission to do this.');
    expect(await t.rows<{ count: number }>(sql`select count(*)::int as count from box_resets`)).toEqual(before);
  });
});

/**
 * The next reset order a box hears on `down/reset`, once it listens as a box does: subscribed to
 * its down topics, and its hello said (the sign of a box back, with an external broker).
 */
async function nextReset(client: MqttClient, boxId: string) {
  const topics = boxTopics(boxId);
  const heard = new Promise<string>((resolve) => {
    client.on('message', (received, payload) => {
      if (received === topics.reset) resolve(payload.toString());
    });
  });
  await client.subscribeAsync(`cloudbox/${boxId}/down/#`, { qos: 1 });
  await client.publishAsync(topics.hello, JSON.stringify({ model: 'CB-4G', software: 'test', iccid: '', ip: '' }), { qos: 1 });
  return resetMessageSchema.parse(JSON.parse(await heard));
}
