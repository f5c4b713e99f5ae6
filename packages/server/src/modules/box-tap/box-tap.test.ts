import { BOX_TAP_CLOSE, boxTopics, MAGLEV_BLOWER, type BoxTapEvent } from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { dataMessage, eventually, startDataPlaneTest, type DataPlaneTest } from '../../test/data-plane.js';
import { bearer, DATABASE_KINDS, signIn } from '../../test/helpers.js';

const R = MAGLEV_BLOWER;

/** The tap's socket for one box, with every event it was sent and how it closed. */
async function tapSocket(app: App, boxId: string, headers: Record<string, string>) {
  const events: BoxTapEvent[] = [];
  let closeCode: number | undefined;
  const socket = await app.injectWS(
    `/api/v2/scripts/ws-demo/${boxId}`,
    { headers },
    {
      onInit(ws) {
        ws.on('message', (data) => events.push(JSON.parse(String(data)) as BoxTapEvent));
        ws.on('close', (code) => (closeCode = code));
      },
    },
  );
  return {
    socket,
    events,
    closed: () => eventually(() => closeCode, 'the socket closed'),
    next: <T extends BoxTapEvent['type']>(type: T, matches: (event: Extract<BoxTapEvent, { type: T }>) => boolean = () => true) =>
      eventually(
        () => events.find((event): event is Extract<BoxTapEvent, { type: T }> => event.type === type && matches(event as Extract<BoxTapEvent, { type: T }>)),
        `a ${type} event`,
      ),
  };
}

describe.each(DATABASE_KINDS)('the raw event view of a box (/scripts/ws-demo) on %s', (kind) => {
  let t: DataPlaneTest;
  let boxId: string;
  let secret: string;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    boxId = t.boxId();
    secret = (await t.register({ id: boxId })).secret;
  });
  afterAll(() => t.dispose());

  it("shows root a box's messages as published, what the server sends it, and its status changes", async () => {
    const tap = await tapSocket(t.app, boxId, { ...bearer(t.rootToken), 'accept-language': 'en' });
    expect(await tap.next('ready')).toEqual({ type: 'ready', box_id: boxId });
    expect(t.app.services.tap.watching()).toBe(1);

    const box = await t.connectBox(boxId, secret);
    await box.subscribeAsync(boxTopics(boxId).write, { qos: 1 });
    expect(await tap.next('connected')).toMatchObject({ source_ip: expect.any(String) });
    const message = dataMessage(Date.now(), 1, { [R.speed]: 12_000 });
    await box.publishAsync(boxTopics(boxId).data, message, { qos: 1 });
    const up = await tap.next('up', (event) => event.topic === boxTopics(boxId).data);
    expect(up).toMatchObject({ payload: message, encoding: 'utf8', size: Buffer.byteLength(message) });
    expect(await tap.next('status')).toMatchObject({ online: true });

    const write = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${boxId}/controllers/1/write`,
      headers: bearer(t.rootToken),
      payload: { register: R.speedSetPoint, value: 15_000 },
    });
    expect(write.statusCode, write.body).toBe(200);
    const down = await tap.next('down', (event) => event.topic === boxTopics(boxId).write);
    expect(JSON.parse(down.payload)).toMatchObject({ station: 1, register: R.speedSetPoint });

    await box.endAsync();
    expect(await tap.next('disconnected')).toMatchObject({ reason: expect.any(String) });
    tap.socket.terminate();
    await eventually(() => (t.app.services.tap.watching() === 0 ? true : undefined), 'the tap forgot the socket');
  });

  it('refuses other roles, unknown boxes and strangers, in their language, and closes', async () => {
    const manager = await signIn(t.app, 'demo_manager', 'demo123456');
    const cases: [string, Record<string, string>, number, string][] = [
      [boxId, { ...bearer(manager), 'accept-language': 'en' }, BOX_TAP_CLOSE.forbidden, 'You do not have permission to do this.'],
      ['123', { ...bearer(t.rootToken), 'accept-language': 'en' }, BOX_TAP_CLOSE.notFound, 'Box 123 is not registered'],
      [boxId, { 'accept-language': 'zh' }, BOX_TAP_CLOSE.signedOut, expect.stringContaining('登录') as unknown as string],
    ];
    for (const [id, headers, code, message] of cases) {
      const tap = await tapSocket(t.app, id, headers);
      expect(await tap.next('error')).toMatchObject({ message });
      expect(await tap.closed()).toBe(code);
    }
    expect(t.app.services.tap.watching()).toBe(0);
  });
});
