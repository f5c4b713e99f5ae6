import type { Client } from 'aedes';

/**
 * How many of one connection's publishes may wait for their commit. A box sends a message every few
 * seconds, so this rides out an outage of minutes; a box with more unacknowledged messages is
 * disconnected (its messages unacknowledged, sent again after it reconnects), so what one
 * connection can make the server hold stays bounded.
 */
export const PUBLISH_WINDOW = 16;

export class PublishWindowFullError extends Error {
  constructor() {
    super(`more than ${PUBLISH_WINDOW} publishes of this connection wait for their commit`);
  }
}

/**
 * The read gate of an Aedes 1.x client (lib/client.js): every packet parsed from a chunk adds one
 * to `_parsingBatch`, and `_nextBatch` (the `done` of each packet's handler, and each `readable`
 * event of the socket) takes one away; the socket is read again when it is back at zero. Neither is
 * public API: the embedded broker tests of a publish waiting for its commit fail if a new Aedes
 * reads differently.
 */
interface AedesReadGate {
  _parsingBatch: number;
  _nextBatch(error?: Error): void;
}

interface Waiting {
  /** Settles when the connection's previous publish has been answered: answers go out in order. */
  last: Promise<void>;
  /** Publishes of this connection not answered yet. */
  count: number;
}

/**
 * Why: Aedes answers a QoS 1 PUBLISH (PUBACK) once `authorizePublish` calls back, and the data
 * plane calls back only after the message is committed. Aedes reads a connection's next chunk only
 * once its packets in hand are handled (the gate above), so while publishes waited for the
 * database a PINGREQ behind them stayed unread: no PINGRESP, and Aedes's own keepalive timer (1.5 ×
 * the box's keepalive, refreshed by each packet it handles) ended the connection during a database
 * outage of a few seconds.
 *
 * The window takes a waiting publish out of the gate at once (it counts as handled for reading)
 * and puts it back just before its answer, so Aedes's own `done` after the PUBACK balances the
 * count again. The PUBACK still leaves only after the commit, and the answers of one connection
 * leave in the order their publishes came (MQTT 3.1.1 section 4.6).
 */
export function createPublishWindow() {
  const waiting = new WeakMap<Client, Waiting>();

  return {
    /**
     * Starts `receive` and answers `callback` once it has settled and the connection's earlier
     * publishes have been answered; meanwhile Aedes reads the connection on. A connection that
     * already has PUBLISH_WINDOW publishes waiting is answered with PublishWindowFullError (Aedes
     * then ends it) without starting `receive`.
     */
    hold(client: Client, receive: () => Promise<void>, callback: (error: Error | null) => void): void {
      let entry = waiting.get(client);
      if (!entry) waiting.set(client, (entry = { last: Promise.resolve(), count: 0 }));
      if (entry.count >= PUBLISH_WINDOW) return callback(new PublishWindowFullError());
      const outcome = receive();
      const gate = client as unknown as AedesReadGate;
      const current = entry;
      current.count += 1;
      let released = false;
      let answered = false;
      // Deferred: Aedes is inside its parser here, and opening the gate may parse the next chunk.
      setImmediate(() => {
        if (answered || client.closed) return;
        released = true;
        gate._nextBatch();
      });
      const answer = (error: Error | null) => {
        answered = true;
        current.count -= 1;
        // Aedes calls its `done` (one off the gate) after this answer: count the packet in again.
        if (released) gate._parsingBatch += 1;
        callback(error);
      };
      current.last = current.last
        .then(() => outcome)
        .then(
          () => answer(null),
          (error: Error) => answer(error),
        )
        .catch(() => {});
    },
  };
}
