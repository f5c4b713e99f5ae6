import { boxTopics, MAGLEV_BLOWER, REALTIME_CLOSE, type RealtimeEvent } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { App } from '../app.js';
import { dataMessage, eventually, startDataPlaneTest, startInstancePair, type DataPlaneTest } from '../test/data-plane.js';
import { DATABASE_KINDS, signIn } from '../test/helpers.js';

const R = MAGLEV_BLOWER;

/** A browser's socket with everything it was sent. */
async function browser(app: App, query = '', headers: Record<string, string> = { 'accept-language': 'en' }) {
  const events: RealtimeEvent[] = [];
  /** When each event arrived, for the throttle. */
  const arrivals = new Map<RealtimeEvent, number>();
  let closeCode: number | undefined;
  const socket: WebSocket = await app.injectWS(
    `/api/v2/ws${query}`,
    { headers },
    {
      onInit(ws) {
        ws.on('message', (data) => {
          const event = JSON.parse(String(data)) as RealtimeEvent;
          events.push(event);
          arrivals.set(event, performance.now());
        });
        ws.on('close', (code) => (closeCode = code));
      },
    },
  );
  return {
    socket,
    events,
    arrivals,
    closeCode: () => closeCode,
    next<T extends RealtimeEvent['type']>(type: T, matches: (event: Extract<RealtimeEvent, { type: T }>) => boolean = () => true) {
      return eventually(
        () =>
          events.find((event): event is Extract<RealtimeEvent, { type: T }> => event.type === type && matches(event as Extract<RealtimeEvent, { type: T }>)),
        `a ${type} event`,
        5000,
      );
    },
  };
}

/** A browser signed in by `?token=`, once the hub has said it is ready. */
async function readyBrowser(app: App, token: string) {
  const watcher = await browser(app, `?token=${token}`);
  await watcher.next('ready');
  return watcher;
}

describe.each(DATABASE_KINDS)('live events on %s', (kind) => {
  let t: DataPlaneTest;
  let manager: string;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded');
    manager = await signIn(t.app, 'demo_manager', 'demo123456');
  });
  afterAll(() => t.dispose());

  const ingest = (boxId: string, message: string) => t.app.services.ingest.receive(boxTopics(boxId).data, Buffer.from(message), { boxId });

  it('signs in with the query token or the first message, and closes on a bad token', async () => {
    const byQuery = await browser(t.app, `?token=${manager}`);
    expect(await byQuery.next('ready')).toEqual({ type: 'ready', user: 'demo_manager' });

    const byMessage = await browser(t.app);
    byMessage.socket.send(JSON.stringify({ type: 'auth', token: manager }));
    expect(await byMessage.next('ready')).toEqual({ type: 'ready', user: 'demo_manager' });

    const stranger = await browser(t.app, '?token=nonsense');
    expect(await stranger.next('error')).toEqual({ type: 'error', code: 50008, message: 'Your session is not valid. Please sign in again.' });
    await eventually(() => stranger.closeCode(), 'the socket closed');
    expect(stranger.closeCode()).toBe(REALTIME_CLOSE.signedOut);

    byMessage.socket.send('not json');
    expect(await byMessage.next('error')).toMatchObject({ code: 40111 });
    byQuery.socket.close();
    byMessage.socket.close();
  });

  it('pushes status, values (at most once a second per device), faults and commands of the boxes the user may see', async () => {
    const [own, foreign] = [t.boxId(), t.boxId()];
    const { secret } = await t.register({ id: own });
    await t.register({ id: foreign, ck: '2002' });
    const watcher = await readyBrowser(t.app, manager);
    watcher.socket.send(JSON.stringify({ type: 'subscribe', boxes: [own, foreign] }));
    expect(await watcher.next('subscribed')).toEqual({ type: 'subscribed', boxes: 2 });

    const box = await t.connectBox(own, secret);
    expect(await watcher.next('status', (event) => event.box_id === own)).toMatchObject({ online: true });

    const now = Date.now();
    for (let index = 0; index < 5; index += 1) await ingest(own, dataMessage(now - 5000 + index, index, { [R.speed]: 10_000 + index, [R.power]: 500 }));
    await ingest(foreign, dataMessage(now, 1, { [R.speed]: 1 }));
    const newest = await watcher.next('values', (event) => event.box_id === own && event.ts === now - 5000 + 4);
    expect(newest).toEqual({ type: 'values', box_id: own, controller_id: 1, ts: now - 5000 + 4, values: { [R.speed]: 10_004, [R.power]: 50 } });
    // The first sample left as soon as it was committed; the others within its second were merged.
    const sent = watcher.events.filter((event) => event.type === 'values' && event.box_id === own);
    expect(sent[0]).toEqual({ type: 'values', box_id: own, controller_id: 1, ts: now - 5000, values: { [R.speed]: 10_000, [R.power]: 50 } });
    // However fast the samples came, the browser heard of the device at most once a second.
    const times = sent.map((event) => watcher.arrivals.get(event)!);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThan(900);
    expect(times.length).toBeLessThanOrEqual(5);
    expect(watcher.events.some((event) => 'box_id' in event && event.box_id === foreign)).toBe(false);

    await ingest(own, dataMessage(now, 10, { [R.fault]: 0b1000 }));
    expect(await watcher.next('fault', (event) => event.box_id === own)).toMatchObject({
      state: 'opened',
      controller_id: 1,
      record: { severity: 'fault', message: 'Blower tripped on a fault', started_at: now },
    });

    await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${own}/controllers/1/write`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { register: R.startStop, value: 1 },
    });
    expect(await watcher.next('command', (event) => event.command.box_id === own)).toMatchObject({ command: { register: R.startStop, value: 1 } });
    await box.endAsync();
    expect(await watcher.next('status', (event) => event.box_id === own && !event.online)).toBeTruthy();
    watcher.socket.close();
  });

  it('closes a user’s sockets within a second of the session ending, and only theirs', async () => {
    const token = await signIn(t.app, 'demo_service', 'demo123456');
    const ending = await browser(t.app, `?token=${token}`);
    const bystander = await browser(t.app, `?token=${manager}`);
    await Promise.all([ending.next('ready'), bystander.next('ready')]);

    const loggedOutAt = performance.now();
    await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: { authorization: `Bearer ${token}` } });
    expect(await ending.next('error')).toEqual({
      type: 'error',
      code: 50012,
      message: 'Your session was ended elsewhere (signed out or password changed). Please sign in again.',
    });
    await eventually(() => ending.closeCode(), 'the socket closed', 1000);
    expect(ending.closeCode()).toBe(REALTIME_CLOSE.signedOut);
    expect(performance.now() - loggedOutAt).toBeLessThan(1000);
    expect(bystander.closeCode()).toBeUndefined();

    // A password change ends the user's other sessions, and their sockets with them.
    const other = await signIn(t.app, 'demo_service', 'demo123456');
    const kept = await signIn(t.app, 'demo_service', 'demo123456');
    const elsewhere = await readyBrowser(t.app, other);
    const changePassword = (from: string, to: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/user/changepassword',
        headers: { authorization: `Bearer ${kept}` },
        payload: { old_password: from, new_password: to },
      });
    expect((await changePassword('demo123456', 'changed123')).statusCode).toBe(200);
    await eventually(() => elsewhere.closeCode(), 'the other session’s socket closed', 1000);
    expect(bystander.closeCode()).toBeUndefined();
    expect((await changePassword('changed123', 'demo123456')).statusCode).toBe(200);
    bystander.socket.close();
  });

  it('keeps the commands of registers a user’s model hides from its browser', async () => {
    const id = t.boxId();
    await t.register({ id });
    await t.shareUnderModel('demo_helper', id, { maglev_blower: { [R.startStop]: 'r' } });
    const watcher = await readyBrowser(t.app, await signIn(t.app, 'demo_helper', 'demo123456'));

    const write = (register: number, value: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/devices/${id}/controllers/1/write`,
        headers: { authorization: `Bearer ${manager}` },
        payload: { register, value },
      });
    expect((await write(R.speedSetPoint, 20_000)).statusCode).toBe(200);
    expect((await write(R.startStop, 1)).statusCode).toBe(200);
    expect(await watcher.next('command', (event) => event.command.box_id === id)).toMatchObject({ command: { register: R.startStop } });
    expect(watcher.events.filter((event) => event.type === 'command').map((event) => event.command.register)).toEqual([R.startStop]);
    watcher.socket.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('live events across two server instances through Redis', () => {
  let t: DataPlaneTest;
  let second: App;
  let cutBus: () => Promise<number>;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ t, second, cutBus, dispose } = await startInstancePair());
  });
  afterAll(() => dispose());

  it('delivers what one instance ingests to a browser connected to the other', async () => {
    const id = t.boxId();
    await t.register({ id });
    const watcher = await readyBrowser(second, await signIn(second, 'demo_manager', 'demo123456'));
    watcher.socket.send(JSON.stringify({ type: 'subscribe', boxes: [id] }));
    await watcher.next('subscribed');

    await t.app.services.ingest.receive(boxTopics(id).data, Buffer.from(dataMessage(Date.now(), 1, { [R.speed]: 12_345 })), { boxId: id });
    expect(await watcher.next('values', (event) => event.box_id === id)).toMatchObject({ values: { [R.speed]: 12_345 } });
    watcher.socket.close();
  });

  it('refuses on the other instance a session ended on this one, without waiting for its reuse to lapse', async () => {
    const token = await signIn(t.app, 'demo_service', 'demo123456');
    const info = () => second.inject({ method: 'GET', url: '/api/v2/user/info', headers: { authorization: `Bearer ${token}` } });
    expect((await info()).statusCode).toBe(200);
    expect((await info()).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: { authorization: `Bearer ${token}` } });
    // Well inside the 3 s a checked session is reused: the ending travelled through Redis.
    await eventually(async () => ((await info()).statusCode === 401 ? true : undefined), 'the ended session refused', 1000);
  });

  it('closes within a second a socket on the other instance whose session ended on this one', async () => {
    const token = await signIn(t.app, 'demo_service', 'demo123456');
    const watcher = await readyBrowser(second, token);
    const loggedOutAt = performance.now();
    await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: { authorization: `Bearer ${token}` } });
    await eventually(() => watcher.closeCode(), 'the socket on the other instance closed', 1000);
    expect(watcher.closeCode()).toBe(REALTIME_CLOSE.signedOut);
    expect(performance.now() - loggedOutAt).toBeLessThan(1000);
  });

  /** A new box shared read-only with demo_helper after its browser on the other instance signed in. */
  async function shareWithWatchingHelper() {
    const id = t.boxId();
    await t.register({ id });
    const watcher = await readyBrowser(second, await signIn(second, 'demo_helper', 'demo123456'));
    const [helper] = await t.rows<{ id: number }>(sql`select id from users where username = 'demo_helper'`);
    await t.rows(sql`insert into device_shares (box_id, user_id, granted_by, permission)
      select ${id}, ${helper!.id}, id, 'read' from users where username = 'demo_manager'`);
    return { id, watcher, helperId: helper!.id };
  }

  /** Once told its scope changed, the browser hears the shared box's events. */
  async function expectSharedBoxHeard({ id, watcher }: Awaited<ReturnType<typeof shareWithWatchingHelper>>) {
    await watcher.next('scope');
    t.app.services.realtime.publish({ id, ck: '1001' }, { type: 'status', box_id: id, online: true, at: Date.now() });
    expect(await watcher.next('status', (event) => event.box_id === id)).toMatchObject({ online: true });
    watcher.socket.close();
  }

  it('tells a browser on the other instance that its devices changed, and decides its events anew', async () => {
    const shared = await shareWithWatchingHelper();
    t.app.services.bus.publish('scopes-changed', { userIds: [shared.helperId] });
    await expectSharedBoxHeard(shared);
  });

  it('decides a browser’s events anew once its instance’s bus subscription is back, the changes told meanwhile being lost', async () => {
    const shared = await shareWithWatchingHelper();
    // The share's message is lost: the bus is cut instead of told.
    expect(await cutBus()).toBe(2);
    await expectSharedBoxHeard(shared);
  });

  it('refuses a session ended while its bus subscription was cut, and closes its socket, once the subscription is back', async () => {
    const token = await signIn(t.app, 'demo_service', 'demo123456');
    const info = () => second.inject({ method: 'GET', url: '/api/v2/user/info', headers: { authorization: `Bearer ${token}` } });
    expect((await info()).statusCode).toBe(200);
    const watcher = await readyBrowser(second, token);
    // Ended, and its message lost: the bus is cut right after.
    await t.rows(sql`update sessions set revoked_at = now(), revoked_reason = 'logout'
      where revoked_at is null and user_id = (select id from users where username = 'demo_service')`);
    expect(await cutBus()).toBe(2);
    // Inside the 3 s a checked session is reused, with time for Redis to take the subscription again.
    await eventually(async () => ((await info()).statusCode === 401 ? true : undefined), 'the ended session refused', 2000);
    await eventually(() => watcher.closeCode(), 'the socket closed', 1000);
    expect(watcher.closeCode()).toBe(REALTIME_CLOSE.signedOut);
  });
});
