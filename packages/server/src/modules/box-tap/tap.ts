import type { BoxTapEvent, TapEncoding } from '@cloudbox/domain';
import { BOX_TAP_MAX_PAYLOAD } from '@cloudbox/domain';
import type { Addresses } from '../../broker/types.js';

export type BoxTap = ReturnType<typeof createBoxTap>;
type Listener = (event: BoxTapEvent) => void;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The payload as shown: its first BOX_TAP_MAX_PAYLOAD bytes, as text when they are UTF-8, else base64. */
function shown(payload: Buffer | string): { payload: string; encoding: TapEncoding; size: number } {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const head = bytes.subarray(0, BOX_TAP_MAX_PAYLOAD);
  try {
    return { payload: utf8.decode(head), encoding: 'utf8', size: bytes.length };
  } catch {
    return { payload: head.toString('base64'), encoding: 'base64', size: bytes.length };
  }
}

/** `cloudbox/{boxId}/...` names its box second. */
function boxOf(topic: string): string | undefined {
  return topic.split('/', 2)[1];
}

/**
 * The data plane's tap for `/scripts/ws-demo`: the broker's handlers and the broker connection's
 * publish hand it what they hear and send, and it passes on what concerns a watched box to its
 * watchers. While nobody watches, every call returns at its first comparison: the data plane pays
 * nothing for it. It sees this instance's traffic only (see ARCHITECTURE-scripts.md).
 */
export function createBoxTap() {
  const watchers = new Map<string, Set<Listener>>();

  function emit(boxId: string | undefined, event: () => BoxTapEvent): void {
    const listeners = boxId === undefined ? undefined : watchers.get(boxId);
    if (!listeners) return;
    const built = event();
    for (const listener of listeners) listener(built);
  }

  return {
    /** Calls `listener` with every event of the box until the answered function is called. */
    watch(boxId: string, listener: Listener): () => void {
      const listeners = watchers.get(boxId) ?? new Set<Listener>();
      listeners.add(listener);
      watchers.set(boxId, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && watchers.get(boxId) === listeners) watchers.delete(boxId);
      };
    },

    /** A message a box published, before the ingest reads it. */
    heard(topic: string, payload: Buffer): void {
      if (watchers.size === 0) return;
      emit(boxOf(topic), () => ({ type: 'up', at: Date.now(), topic, ...shown(payload) }));
    },

    /** A message the broker took for a box. */
    sent(topic: string, payload: string): void {
      if (watchers.size === 0) return;
      emit(boxOf(topic), () => ({ type: 'down', at: Date.now(), topic, ...shown(payload) }));
    },

    connected(boxId: string, addresses: Addresses): void {
      if (watchers.size === 0) return;
      emit(boxId, () => ({ type: 'connected', at: Date.now(), source_ip: addresses.sourceIp }));
    },

    disconnected(boxId: string, reason: string): void {
      if (watchers.size === 0) return;
      emit(boxId, () => ({ type: 'disconnected', at: Date.now(), reason }));
    },

    status(boxId: string, online: boolean, at: number): void {
      if (watchers.size === 0) return;
      emit(boxId, () => ({ type: 'status', at, online }));
    },

    /** Sockets watching, for tests and the metrics. */
    watching(): number {
      let count = 0;
      for (const listeners of watchers.values()) count += listeners.size;
      return count;
    },
  };
}
