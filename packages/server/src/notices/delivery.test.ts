import { createHmac } from 'node:crypto';
import { DELIVERY_MAX_ATTEMPTS } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { DATABASE_KINDS, signIn } from '../test/helpers.js';
import { addChannel, clearChannels, clearFault, deliveriesOf, noticeWatcher, setPreferences, settled, tripFault } from '../test/notices.js';
import { startHttpReceiver, startSmtpServer, type Answer, type HttpReceiver, type ReceivedRequest, type SmtpReceiver } from '../test/receivers.js';
import { createOutbox } from './outbox.js';
import { createSenders } from './senders/index.js';

const SECRET = 'webhook-test-secret';
/**
 * Every send's time limit in this file: the hanging webhook's test waits for it. A healthy send to the local
 * receivers is well under it; at 1 s an e-mail to the local SMTP receiver ran out once in a busy CI run on a slow
 * machine (PGlite's queries share the event loop), and its retry made a second try of a send that should take one.
 */
const SEND_TIMEOUT_MS = 5000;
const RETRY_BASE_MS = 20;

/** What a webhook receiver checks: the signature over timestamp and raw body, with the shared secret. */
function signatureValid(request: ReceivedRequest, secret: string): boolean {
  const timestamp = String(request.headers['x-cloudbox-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return request.headers['x-cloudbox-signature'] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

describe.each(DATABASE_KINDS)('notification delivery on %s', (kind) => {
  let t: DataPlaneTest;
  let smtp: SmtpReceiver;
  let http: HttpReceiver;
  /** How the HTTP receiver answers each path; 200 when not said. */
  const answers = new Map<string, (request: ReceivedRequest) => Answer>();
  let seq = 0;
  const db = () => t.database.db;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    http = await startHttpReceiver((request) => (answers.get(request.path.split('?')[0]!) ?? (() => ({ status: 200 })))(request));
    t = await startDataPlaneTest(kind, 'embedded', {
      env: {
        SMTP_URL: smtp.url,
        SMTP_FROM: 'Cloudbox <alarms@cloudbox.example>',
        PUBLIC_URL: 'https://console.example.com/',
        NOTIFY_RETRY_BASE_MS: String(RETRY_BASE_MS),
        NOTIFY_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
        NOTIFY_LOCK_MS: String(SEND_TIMEOUT_MS * 2),
      },
    });
  });
  afterAll(async () => {
    await t.dispose();
    await http.close();
    await smtp.close();
  });
  beforeEach(async () => {
    answers.clear();
    await clearChannels(db());
  });

  /** A new box of demo_manager's, online. */
  async function faultyBox(): Promise<{ id: string; box: MqttClient }> {
    const id = t.boxId();
    const { secret } = await t.register({ id, owner_unit: 'Acme Water', model: 'CB-4G' });
    return { id, box: await t.connectBox(id, secret) };
  }
  const requestsOf = (path: string) => http.requests.filter((request) => request.path.split('?')[0] === path);
  const mailsOf = (boxId: string) => smtp.mails.filter((mail) => mail.subject.includes(`box ${boxId}`));

  it('tells the manager of a fault and of its recovery once each: inbox, socket, e-mail and a signed webhook', async () => {
    const emailChannel = await addChannel(db(), 'demo_manager', { kind: 'email', target: 'manager@example.com', language: 'en' });
    await addChannel(db(), 'demo_manager', { kind: 'webhook', target: `${http.url}/hook`, secret: SECRET, language: 'ja' });
    await setPreferences(db(), 'demo_manager', { fault: ['email', 'webhook'], normal: ['email', 'webhook'] });
    const watcher = await noticeWatcher(t.app, await signIn(t.app, 'demo_manager', 'demo123456'));
    const { id, box } = await faultyBox();

    const start = Date.now() - 60_000;
    const fault = await tripFault(db(), box, id, start, (seq += 1));
    const [first] = await eventually(async () => {
      const rows = await deliveriesOf(db(), id);
      return rows.length === 2 && rows.every((row) => row.state === 'sent') ? rows : undefined;
    }, 'the fault delivered');
    expect(first).toMatchObject({ type: 'fault', kind: 'email', attempts: 1, last_error: null });
    await clearFault(db(), box, id, start + 5000, (seq += 1));
    const rows = await settled(db(), id, 4);
    expect(rows.map((row) => [row.type, row.kind, row.state, row.attempts])).toEqual([
      ['fault', 'email', 'sent', 1],
      ['fault', 'webhook', 'sent', 1],
      ['normal', 'email', 'sent', 1],
      ['normal', 'webhook', 'sent', 1],
    ]);

    // The inbox: one row per event; the socket: one notice per event.
    const inbox = await t.rows<{ type: string }>(
      sql`select e.type from notifications n join notice_events e on e.id = n.event_id join users u on u.id = n.user_id
          where u.username = 'demo_manager' and e.box_id = ${id} order by n.id`,
    );
    expect(inbox.map((row) => row.type)).toEqual(['fault', 'normal']);
    await eventually(() => (watcher.notices(id).length === 2 ? true : undefined), 'two notices on the socket');
    expect(watcher.notices(id).map((notice) => [notice.type, notice.note])).toEqual([
      ['fault', fault.message.en],
      ['normal', expect.any(String)],
    ]);
    watcher.socket.close();

    // One e-mail per event, in the channel's language, its Message-ID from the idempotency key.
    const mails = mailsOf(id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `[Cloudbox] Fault · box ${id} · station 1: ${fault.message.en}`,
      expect.stringContaining(`[Cloudbox] Recovered · box ${id}`),
    ]);
    const [mail] = mails;
    expect(mail!.to).toEqual(['manager@example.com']);
    expect(mail!.messageId).toBe(`<cloudbox.notice.${rows[0]!.idempotency_key.replace(':', '.')}@cloudbox.example>`);
    expect(rows[0]!.idempotency_key).toMatch(new RegExp(`:${emailChannel}$`));
    for (const field of [
      'Company: Acme Water',
      'Alarm type: Fault',
      'Run status: Online, fault',
      'Box model: CB-4G',
      `Note: ${fault.message.en}`,
      'Time: ',
      `IoT ID: ${id}`,
    ])
      expect(mail!.text).toContain(field);
    expect(mail!.text).toContain(`https://console.example.com/devices/controller/${id}/1`);
    expect(mail!.html).toContain('<table>');

    // One signed webhook call per event, in Japanese, its id the delivery's idempotency key.
    const calls = requestsOf('/hook').filter((request) => request.body.includes(`"box_id":"${id}"`));
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(signatureValid(call, SECRET)).toBe(true);
      expect(signatureValid(call, 'another secret')).toBe(false);
      expect(call.headers['content-type']).toBe('application/json');
    }
    const body = JSON.parse(calls[0]!.body) as Record<string, unknown>;
    expect(body).toEqual({
      id: rows[1]!.idempotency_key,
      type: 'fault',
      box_id: id,
      controller_id: 1,
      company: 'Acme Water',
      box_model: 'CB-4G',
      device_number: '',
      run_status: 'online_fault',
      note: fault.message.ja,
      register: expect.any(Number),
      value: expect.any(Number),
      fault_record_id: expect.any(Number),
      at: start,
      language: 'ja',
    });
    expect(calls[0]!.headers['x-cloudbox-delivery']).toBe(rows[1]!.idempotency_key);
  });

  it('writes the DingTalk and WeCom robot formats, signs DingTalk, and retries an errcode', async () => {
    const dingSecret = 'SECabc123';
    await addChannel(db(), 'demo_manager', { kind: 'dingtalk', target: `${http.url}/ding?access_token=tok`, secret: dingSecret, language: 'zh' });
    await addChannel(db(), 'demo_manager', { kind: 'wecom', target: `${http.url}/wecom?key=k`, language: 'es' });
    await setPreferences(db(), 'demo_manager', { fault: ['dingtalk', 'wecom'] });
    let dingCalls = 0;
    answers.set('/ding', () => ((dingCalls += 1) === 1 ? { status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' } : { status: 200 }));
    const { id, box } = await faultyBox();
    const fault = await tripFault(db(), box, id, Date.now() - 1000, (seq += 1));

    const rows = await settled(db(), id, 2);
    expect(rows.map((row) => [row.kind, row.state, row.attempts, row.last_error])).toEqual([
      ['dingtalk', 'sent', 2, null],
      ['wecom', 'sent', 1, null],
    ]);
    const [ding] = requestsOf('/ding').slice(-1);
    const url = new URL(ding!.path, http.url);
    expect(url.searchParams.get('access_token')).toBe('tok');
    const timestamp = url.searchParams.get('timestamp')!;
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', dingSecret).update(`${timestamp}\n${dingSecret}`).digest('base64'));
    expect(JSON.parse(ding!.body)).toEqual({
      msgtype: 'markdown',
      markdown: { title: `[Cloudbox] 故障 · 盒子 ${id} · 站号 1：${fault.message.zh}`, text: expect.stringContaining(`> 物联网 ID: ${id}`) },
    });
    const [wecom] = requestsOf('/wecom').slice(-1);
    expect(JSON.parse(wecom!.body)).toEqual({ msgtype: 'markdown', markdown: { content: expect.stringContaining(`> Nota: ${fault.message.es}`) } });
  });

  it('retries a webhook that answers 500 with back-off, with the same idempotency key, until it answers 200', async () => {
    await addChannel(db(), 'demo_manager', { kind: 'webhook', target: `${http.url}/flaky`, secret: SECRET });
    await setPreferences(db(), 'demo_manager', { fault: ['webhook'] });
    let calls = 0;
    answers.set('/flaky', () => ((calls += 1) === 1 ? { status: 500, body: 'down for a moment' } : { status: 200 }));
    const { id, box } = await faultyBox();
    await tripFault(db(), box, id, Date.now() - 1000, (seq += 1));

    const [row] = await settled(db(), id, 1);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    const received = requestsOf('/flaky');
    expect(received).toHaveLength(2);
    expect(received.map((request) => request.headers['x-cloudbox-delivery'])).toEqual([row!.idempotency_key, row!.idempotency_key]);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(RETRY_BASE_MS);
  });

  it('does not let a hanging webhook delay another channel, and gives up on the hanging one at the send timeout', async () => {
    await addChannel(db(), 'demo_manager', { kind: 'webhook', target: `${http.url}/hang`, secret: SECRET });
    await addChannel(db(), 'demo_manager', { kind: 'webhook', target: `${http.url}/quick`, secret: SECRET });
    await addChannel(db(), 'demo_manager', { kind: 'email', target: 'manager@example.com' });
    await setPreferences(db(), 'demo_manager', { fault: ['webhook', 'email'] });
    let hung = 0;
    // The retry answers after a moment: an instant success clears the timeout's error before a poll sees it.
    answers.set('/hang', () => ((hung += 1) === 1 ? 'hang' : { status: 200, delayMs: SEND_TIMEOUT_MS / 2 }));
    const { id, box } = await faultyBox();
    await tripFault(db(), box, id, Date.now() - 1000, (seq += 1));

    // The others are sent while the hanging one is still being sent.
    const during = await eventually(
      async () => {
        const rows = await deliveriesOf(db(), id);
        return rows.filter((row) => row.state === 'sent').length === 2 ? rows : undefined;
      },
      'the other two sent',
      SEND_TIMEOUT_MS,
    );
    expect(during.map((row) => row.state)).toEqual(['sending', 'sent', 'sent']);
    // At the timeout it counts as a failed try, and the retry gets through.
    const [hanging] = await eventually(async () => {
      const rows = await deliveriesOf(db(), id);
      return rows[0]?.last_error ? rows : undefined;
    }, 'the hanging send given up');
    expect(hanging!.last_error).toBe(`no answer within ${SEND_TIMEOUT_MS} ms`);
    const rows = await settled(db(), id, 3);
    expect(rows[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it(`fails a delivery after ${DELIVERY_MAX_ATTEMPTS} tries, keeping the last error`, async () => {
    await addChannel(db(), 'demo_manager', { kind: 'webhook', target: `${http.url}/broken`, secret: SECRET });
    await setPreferences(db(), 'demo_manager', { fault: ['webhook'] });
    answers.set('/broken', () => ({ status: 503, body: 'gone fishing' }));
    const { id, box } = await faultyBox();
    await tripFault(db(), box, id, Date.now() - 1000, (seq += 1));

    const [row] = await settled(db(), id, 1, 20_000);
    expect(row).toMatchObject({ state: 'failed', attempts: DELIVERY_MAX_ATTEMPTS, last_error: 'HTTP 503: gone fishing' });
    expect(requestsOf('/broken')).toHaveLength(DELIVERY_MAX_ATTEMPTS);
  });

  // Last: it stops the app's own worker.
  it('fails an e-mail at once, saying why, when SMTP_URL is not set', async () => {
    await t.app.services.outbox.close();
    const outbox = createOutbox({
      db: db(),
      logger: t.app.log,
      senders: createSenders({
        smtpUrl: undefined,
        smtpFrom: 'x@example.com',
        timeoutMs: SEND_TIMEOUT_MS,
        context: { systemName: 'Cloudbox', publicUrl: undefined },
      }),
      options: { lockMs: SEND_TIMEOUT_MS * 2, sendTimeoutMs: SEND_TIMEOUT_MS, retryBaseMs: RETRY_BASE_MS, concurrency: 2 },
    });
    outbox.start();
    try {
      await addChannel(db(), 'demo_manager', { kind: 'email', target: 'manager@example.com' });
      await setPreferences(db(), 'demo_manager', { fault: ['email'] });
      const { id, box } = await faultyBox();
      await tripFault(db(), box, id, Date.now() - 1000, (seq += 1));
      const [row] = await settled(db(), id, 1);
      expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: 'SMTP_URL is not set' });
    } finally {
      await outbox.close();
    }
  });
});
