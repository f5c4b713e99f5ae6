import { EventEmitter } from 'node:events';
import type { LocalizedText, RealtimeEvent } from '@cloudbox/domain';
import type { Redis } from 'ioredis';

type FaultEvent = Extract<RealtimeEvent, { type: 'fault' }>;

/** A realtime event as it travels between instances: a fault's message still in every language. */
export type BusEvent =
  | Exclude<RealtimeEvent, { type: 'fault' | 'ready' | 'error' | 'scope' }>
  | (Omit<FaultEvent, 'record'> & { record: Omit<FaultEvent['record'], 'message'> & { message: LocalizedText } });

export type BusMessage =
  /** For the browsers that may see the box. */
  | { kind: 'event'; box: { id: string; ck: string }; event: BusEvent; /** The controller's device type, for register rights. */ deviceType?: string }
  /** A box was registered, edited or deleted: caches of it are stale. */
  | { kind: 'box-changed'; boxId: string }
  /** What these users may see or do changed (ownership, shares, shielding, models): their scopes are stale. */
  | { kind: 'scopes-changed'; userIds: number[] }
  /** Sessions of these users ended on some instance: every instance checks its reused sessions and these users' sockets again. */
  | { kind: 'sessions-ended'; userIds: number[] };

export interface Bus {
  start(): Promise<void>;
  publish(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One server instance: events stay in the process. */
export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    start: async () => undefined,
    publish: (message) => emitter.emit('message', message),
    subscribe: (handler) => void emitter.on('message', handler),
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * Several instances behind one load balancer: every event goes through a Redis channel, so a
 * browser connected to any instance hears about boxes whose messages another instance ingested.
 * The publishing instance hears its own events back through the channel like everyone else.
 */
export function createRedisBus(redis: Redis, channel: string, onError: (error: Error) => void): Bus {
  const subscriber = redis.duplicate();
  subscriber.on('error', onError);
  const handlers: ((message: BusMessage) => void)[] = [];
  subscriber.on('message', (_channel: string, text: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  });
  return {
    async start() {
      await subscriber.subscribe(channel);
    },
    publish(message) {
      redis.publish(channel, JSON.stringify(message)).catch(onError);
    },
    subscribe: (handler) => void handlers.push(handler),
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
