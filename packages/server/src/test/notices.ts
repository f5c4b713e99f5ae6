import { boxTopics, MAGLEV_BLOWER, type ChannelKind, type Language, type PushMatrix, type RealtimeEvent } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import type { WebSocket } from 'ws';
import type { App } from '../app.js';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { dataMessage, eventually } from './data-plane.js';

/** The notification tests' tools: channels and preferences written as rows, a fault tripped and cleared over MQTT, a browser's socket. */

const R = MAGLEV_BLOWER;
/** The fault flag is bit 3 of the maglev blower's status word. */
export const FAULT_WORD = 0b1000;

export async function addChannel(
  db: Db,
  username: string,
  channel: { kind: ChannelKind; target: string; secret?: string; language?: Language },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into notice_channels (user_id, kind, name, target, secret, language)
        select id, ${channel.kind}, ${channel.kind}, ${channel.target}, ${channel.secret ?? ''}, ${channel.language ?? 'en'} from users where username = ${username}
        returning id`,
  );
  return row!.id;
}

export async function setPreferences(db: Db, username: string, push: PushMatrix): Promise<void> {
  await db.execute(sql`insert into notification_preferences (user_id, push) select id, ${JSON.stringify(push)}::jsonb from users where username = ${username}
    on conflict (user_id) do update set push = excluded.push`);
}

/** Every user's channels and preferences gone (a test starts from none). */
export async function clearChannels(db: Db): Promise<void> {
  await db.execute(sql`delete from notice_channels`);
  await db.execute(sql`delete from notification_preferences`);
}

export interface DeliveryRow {
  id: number;
  type: string;
  kind: ChannelKind;
  channel_id: number | null;
  state: string;
  attempts: number;
  last_error: string | null;
  idempotency_key: string;
}

export function deliveriesOf(db: Db, boxId: string): Promise<DeliveryRow[]> {
  return queryRows<DeliveryRow>(
    db,
    sql`select d.id::int as id, e.type, d.kind, d.channel_id, d.state, d.attempts, d.last_error, d.idempotency_key
        from notice_deliveries d join notice_events e on e.id = d.event_id where e.box_id = ${boxId} order by d.id`,
  );
}

/** The box's deliveries once there are `count` and all are in a final state (sent or failed). */
export function settled(db: Db, boxId: string, count: number, timeoutMs = 10_000): Promise<DeliveryRow[]> {
  return eventually(
    async () => {
      const rows = await deliveriesOf(db, boxId);
      return rows.length === count && rows.every((row) => row.state === 'sent' || row.state === 'failed') ? rows : undefined;
    },
    `${count} settled deliveries of ${boxId}`,
    timeoutMs,
  );
}

async function noticeEvent(db: Db, boxId: string, type: string): Promise<{ id: number; message: Record<Language, string> }> {
  return eventually(async () => {
    const [row] = await queryRows<{ id: number; message: Record<Language, string> }>(
      db,
      sql`select id::int as id, message from notice_events where box_id = ${boxId} and type = ${type} order by id desc limit 1`,
    );
    return row;
  }, `a ${type} event of ${boxId}`);
}

/** Trips the blower's fault over MQTT; answers the committed notice event. */
export async function tripFault(db: Db, box: MqttClient, boxId: string, ts: number, seq: number) {
  await box.publishAsync(boxTopics(boxId).data, dataMessage(ts, seq, { [R.fault]: FAULT_WORD, [R.faultCode]: 5 }), { qos: 1 });
  return noticeEvent(db, boxId, 'fault');
}

/** Clears the fault; answers the committed recovery (normal) event. */
export async function clearFault(db: Db, box: MqttClient, boxId: string, ts: number, seq: number) {
  await box.publishAsync(boxTopics(boxId).data, dataMessage(ts, seq, { [R.fault]: 0 }), { qos: 1 });
  return noticeEvent(db, boxId, 'normal');
}

/** A browser's socket signed in by `?token=`, ready, with every event it was sent. */
export async function noticeWatcher(app: App, token: string) {
  const events: RealtimeEvent[] = [];
  const socket: WebSocket = await app.injectWS(
    `/api/v2/ws?token=${token}`,
    { headers: { 'accept-language': 'en' } },
    { onInit: (ws) => ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent)) },
  );
  await eventually(() => (events.some((event) => event.type === 'ready') ? true : undefined), 'the socket ready');
  return {
    socket,
    notices: (boxId: string) => events.flatMap((event) => (event.type === 'notice' && event.notification.box_id === boxId ? [event.notification] : [])),
  };
}
