import { boxTopics } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { DATABASE_KINDS, EN, envelopeOf, startTestApp } from '../test/helpers.js';

const KEY = 'a-broker-hook-key-for-tests';
const SERVER = { username: 'cloudbox-server', password: 'the-server-secret' };

interface Answer {
  result: 'allow' | 'deny';
  is_superuser: boolean;
  ok: boolean;
  error: string;
}

describe.each(DATABASE_KINDS)('the external broker hook on %s', (kind) => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest(kind, 'embedded', { env: { MQTT_HOOK_KEY: KEY, MQTT_USERNAME: SERVER.username, MQTT_PASSWORD: SERVER.password } });
  });
  afterAll(() => t.dispose());

  const ask = (path: string, payload: Record<string, unknown>, headers: Record<string, string> = { 'x-broker-hook-key': KEY }) =>
    t.app.inject({ method: 'POST', url: `/api/v2/broker/${path}`, payload, headers });
  const answerOf = async (path: string, payload: Record<string, unknown>): Promise<Answer> => {
    const response = await ask(path, payload);
    expect(response.statusCode).toBe(200);
    return response.json<Answer>();
  };
  const allow = { result: 'allow', ok: true, error: '' };
  const deny = { result: 'deny', is_superuser: false, ok: false, error: 'denied' };
  const rejected = () => ({ ...t.app.services.ingest.counters.rejected });

  it('wants its key, in the header or the query, and answers without it 401 in the caller’s language', async () => {
    const payload = { username: SERVER.username, password: SERVER.password };
    const missing = await ask('authenticate', payload, EN);
    expect(missing.statusCode).toBe(401);
    expect(envelopeOf(missing).message).toBe('The broker hook key is missing or wrong.');
    expect(envelopeOf(await ask('authenticate', payload, { 'x-broker-hook-key': `${KEY}x` })).message).toBe('代理钩子密钥缺失或错误。');
    const byQuery = await t.app.inject({ method: 'POST', url: `/api/v2/broker/authenticate?key=${KEY}`, payload });
    expect(byQuery.json<Answer>()).toMatchObject({ ...allow, is_superuser: true });
  });

  it('lets a box connect with its id and secret, refuses a wrong secret and an unknown id, and records the unknown id', async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const before = rejected();
    expect(await answerOf('authenticate', { username: id, password: secret, clientid: 'anything' })).toEqual({ ...allow, is_superuser: false });
    expect(await answerOf('authenticate', { username: id, password: `${secret}x` })).toEqual(deny);
    expect(await answerOf('authenticate', { username: id })).toEqual(deny);
    const stranger = t.boxId();
    expect(await answerOf('authenticate', { username: stranger, password: 'whatever', ip: '203.0.113.9' })).toEqual(deny);
    expect(await answerOf('authenticate', { username: SERVER.username, password: 'not-it' })).toEqual(deny);
    expect(rejected()).toMatchObject({ bad_credentials: before.bad_credentials + 3, unknown_box: before.unknown_box + 1 });
    await t.app.services.status.flush();
    expect(await t.rows(sql`select attempts, last_ip from unregistered_boxes where id = ${stranger}`)).toEqual([{ attempts: 1, last_ip: '203.0.113.9' }]);
  });

  it('keeps a box to its own topics, in EMQX’s actions and in mosquitto-go-auth’s access codes; the server may use every topic', async () => {
    const id = t.boxId();
    const other = t.boxId();
    const before = rejected();
    const may = async (username: string, topic: string, how: { action?: string; acc?: number }) =>
      (await answerOf('authorize', { username, topic, ...how })).ok;
    expect(await may(id, boxTopics(id).data, { action: 'publish' })).toBe(true);
    expect(await may(id, boxTopics(id).write, { action: 'subscribe' })).toBe(true);
    expect(await may(id, boxTopics(other).data, { action: 'publish' })).toBe(false);
    expect(await may(id, boxTopics(other).write, { action: 'subscribe' })).toBe(false);
    expect(await may(id, boxTopics(id).write, { action: 'publish' })).toBe(false);
    expect(await may(id, boxTopics(id).data, { acc: 2 })).toBe(true);
    expect(await may(id, boxTopics(id).write, { acc: 1 })).toBe(true);
    expect(await may(id, boxTopics(id).write, { acc: 4 })).toBe(true);
    // Read and write at once: a box may not publish to its down/ topics.
    expect(await may(id, boxTopics(id).write, { acc: 3 })).toBe(false);
    expect(await may('someone', boxTopics(id).data, { action: 'publish' })).toBe(false);
    expect(await may(SERVER.username, `$share/cloudbox/cloudbox/+/up/#`, { action: 'subscribe' })).toBe(true);
    expect(await may(SERVER.username, boxTopics(id).write, { acc: 2 })).toBe(true);
    expect(rejected().not_authorized).toBe(before.not_authorized + 5);
  });

  it('names only the server’s own credential a superuser', async () => {
    expect(await answerOf('superuser', { username: SERVER.username })).toEqual({ ...allow, is_superuser: true });
    expect(await answerOf('superuser', { username: t.boxId() })).toEqual(deny);
  });

  it('answers a bad question with 400 and changes nothing', async () => {
    const before = rejected();
    for (const [path, payload] of [
      ['authenticate', { password: 'x' }],
      ['authorize', { username: '1', topic: 'cloudbox/1/up/data' }],
      ['authorize', { username: '1', topic: 'cloudbox/1/up/data', acc: 9 }],
      ['authorize', { username: '1', topic: '', action: 'publish' }],
      ['superuser', { username: 'x'.repeat(201) }],
    ] as const) {
      const response = await ask(path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(envelopeOf(response).code).toBe(40111);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v2/broker/authenticate',
      payload: 'username=1',
      headers: { 'x-broker-hook-key': KEY, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(rejected()).toEqual(before);
  });
});

describe('without MQTT_HOOK_KEY', () => {
  it('serves no broker hook', async () => {
    const t = await startTestApp('pglite');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/broker/authenticate',
        payload: { username: '1', password: 'x' },
        headers: { 'x-broker-hook-key': KEY },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.dispose();
    }
  });
});
