import type { Writable } from 'node:stream';
import type { Client } from 'aedes';

/**
 * How many of one connection's waiting publishes are let out of Aedes's read gate. A box sends a
 * message every few seconds, so this rides out an outage of minutes (a box sending one a second,
 * half a minute); past it a waiting publish holds the gate as Aedes does by itself. That gate is
 * loose (a `readable` event opens it too, so packets that arrive one at a time are still read), so
 * neither bounds the memory a box that keeps sending can take: that is what it sends unacknowledged.
 */
export const PUBLISH_WINDOW = 32;

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
  /** Publishes of this connection let out of the gate (or about to be) and not answered yet. */
  outsideGate: number;
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
     * Answers `callback` once `outcome` has settled and the connection's earlier publishes have
     * been answered; meanwhile Aedes reads the connection on (within the window).
     */
    hold(client: Client, outcome: Promise<void>, callback: (error: Error | null) => void): void {
      let entry = waiting.get(client);
      if (!entry) waiting.set(client, (entry = { last: Promise.resolve(), outsideGate: 0 }));
      const gate = client as unknown as AedesReadGate;
      const current = entry;
      const outside = current.outsideGate < PUBLISH_WINDOW;
      let released = false;
      let answered = false;
      if (outside) {
        current.outsideGate += 1;
        // Deferred: Aedes is inside its parser here, and opening the gate may parse the next chunk.
        setImmediate(() => {
          if (answered || client.closed) return;
          released = true;
          gate._nextBatch();
        });
      }
      const answer = (error: Error | null) => {
        answered = true;
        if (outside) current.outsideGate -= 1;
        // Aedes calls its `done` (one off the gate) after this answer: count the packet in again.
        if (released) gate._parsingBatch += 1;
        // Aedes writes a PUBACK in several small writes; a committed batch answers many publishes of
        // a connection at once. Corked until this turn's promise jobs have run, they leave in one write.
        const socket = (client as unknown as { conn: Writable }).conn;
        socket.cork();
        process.nextTick(() => socket.uncork());
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
