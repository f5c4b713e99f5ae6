import { EventEmitter } from 'node:events';
import type { LocalizedText, NotificationItem, RealtimeEvent } from '@cloudbox/domain';
import type { Redis } from 'ioredis';

type FaultEvent = Extract<RealtimeEvent, { type: 'fault' }>;

/** A live event of a box as it travels between instances: a fault's message still in every language. */
export type DeviceEvent =
  | Exclude<RealtimeEvent, { type: 'fault' | 'ready' | 'error' | 'scope' }>
  | (Omit<FaultEvent, 'record'> & { record: Omit<FaultEvent['record'], 'message'> & { message: LocalizedText } });

/** A notification as it travels between instances: its note still in every language, without the reader's id and read flag. */
export type NoticeOnBus = Omit<NotificationItem, 'id' | 'note' | 'read'> & { note: LocalizedText };

/** What server instances tell each other, by topic. */
export interface BusTopics {
  /** A live event for the browsers that may see the box; the controller's device type decides register rights. */
  'device-event': { box: { id: string; ck: string }; event: DeviceEvent; deviceType?: string };
  /** A box was registered, edited or deleted: what is kept of it is stale. */
  'box-changed': { boxId: string };
  /** What these users may see or do changed (ownership, shares, shielding, models): their scopes and reused answers are stale. */
  'scopes-changed': { userIds: number[] };
  /** Device types' protocols, layouts, rules or chart settings changed: reload them (ingest decodes the next message with them). */
  'device-types-changed': { deviceTypeIds: string[] };
  /** Sessions of these users ended: reused session checks are void, and their sockets check again. */
  'sessions-ended': { userIds: number[] };
  /** New notifications (one event, its readers): each reader's sockets get a `notice` event with its unread count. */
  notice: { notice: NoticeOnBus; recipients: { userId: number; notificationId: number; unread: number }[] };
}
export type BusTopic = keyof BusTopics;
export type BusHandler<T extends BusTopic> = (message: BusTopics[T]) => void;

/**
 * The cross-instance bus: every instance hears every message, its own included, in the order it
 * was published. In one process it is an event emitter; with Redis, one pub/sub channel.
 */
export interface Bus {
  start(): Promise<void>;
  publish<T extends BusTopic>(topic: T, message: BusTopics[T]): void;
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): void;
  /**
   * The bus lost its subscription and has it back: what other instances published in between never
   * arrived, so whatever those messages would have made stale must be read again.
   */
  onGap(handler: () => void): void;
  close(): Promise<void>;
}

const TOPICS: readonly BusTopic[] = ['device-event', 'box-changed', 'scopes-changed', 'sessions-ended', 'device-types-changed', 'notice'];

/** One server instance: messages stay in the process. */
export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    start: async () => undefined,
    publish: (topic, message) => void emitter.emit(topic, message),
    subscribe: (topic, handler) => void emitter.on(topic, handler),
    // One process hears everything it publishes: it has no gaps.
    onGap: () => undefined,
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * Several instances behind one load balancer: every message goes through one Redis channel as
 * `{topic, message}`, so a browser connected to any instance hears about boxes whose messages
 * another instance ingested. The publishing instance hears its own messages back like everyone else.
 */
export function createRedisBus(redis: Redis, channel: string, onError: (error: Error) => void): Bus {
  // Named by the channel: `CLIENT LIST` shows which connections are this deployment's bus.
  const subscriber = redis.duplicate({ connectionName: `${channel}:bus` });
  subscriber.on('error', onError);
  const local = createLocalBus();
  const gapHandlers: (() => void)[] = [];
  let subscribed = false;
  let lost = false;
  // ioredis reconnects and subscribes again by itself; messages published meanwhile are gone. Once
  // the subscription is confirmed again (an explicit SUBSCRIBE answers after ioredis's own), the
  // gap's handlers read again what those messages would have changed.
  subscriber.on('close', () => {
    if (subscribed) lost = true;
  });
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    subscriber
      .subscribe(channel)
      .then(() => {
        for (const handler of gapHandlers) handler();
      })
      .catch(onError);
  });
  subscriber.on('message', (_channel: string, text: string) => {
    let received: { topic?: unknown; message?: unknown };
    try {
      received = JSON.parse(text) as typeof received;
    } catch {
      return;
    }
    const topic = TOPICS.find((known) => known === received.topic);
    if (topic) local.publish(topic, received.message as BusTopics[typeof topic]);
  });
  return {
    async start() {
      await subscriber.subscribe(channel);
      subscribed = true;
    },
    publish(topic, message) {
      redis.publish(channel, JSON.stringify({ topic, message })).catch(onError);
    },
    subscribe: local.subscribe,
    onGap: (handler) => void gapHandlers.push(handler),
    async close() {
      subscribed = false;
      await local.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
