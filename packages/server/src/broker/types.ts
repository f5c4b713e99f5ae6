import type { Origin } from '../ingest/pipeline.js';
import type { DisconnectReason } from '../fleet/status.js';

export interface Addresses {
  sourceIp: string | null;
  destinationIp: string | null;
}

/** What a broker tells the data plane, and asks of it. */
export interface BrokerHandlers {
  /** A box's message; the broker acknowledges it (QoS 1) only when this settles. */
  receive(topic: string, payload: Buffer, origin: Origin): Promise<void>;
  /** A box's credential, checked here for the embedded broker and for an external one's hook. */
  authenticateBox(boxId: string, secret: Buffer): Promise<'ok' | 'unknown' | 'wrong'>;
  connected(boxId: string, addresses: Addresses): void;
  disconnected(boxId: string, reason: DisconnectReason, addresses: Addresses): void;
  /** A box is listening to its `down/write` topic: commands can go out. */
  listening(boxId: string): void;
  unregistered(boxId: string, ip: string | null): void;
  /** A refusal, counted; `boxId` the box it concerns when known (for the server log), `topic` a refused topic. */
  refused(reason: 'not_authorized' | 'bad_credentials' | 'unknown_box' | 'rate_limited', boxId?: string, topic?: string): void;
}

export interface BrokerInfo {
  mode: 'embedded' | 'external';
  state: 'ok' | 'down';
  /** Embedded: the TCP port and the WebSocket path; external: the broker URL without credentials. */
  tcpPort?: number;
  websocketPath?: string;
  url?: string;
  /** Embedded: boxes connected now. */
  connectedBoxes?: number;
}

export interface Broker {
  readonly mode: 'embedded' | 'external';
  start(): Promise<void>;
  /** Sends a message to a box (QoS 1); resolves once the broker has taken it. */
  publish(topic: string, payload: string): Promise<void>;
  /** Whether the box is connected, when this broker can tell (embedded); undefined otherwise. */
  isConnected(boxId: string): boolean | undefined;
  /** The boxes connected to this broker (embedded; empty for an external broker). */
  connectedBoxes(): string[];
  /** Ends the box's connection (its secret changed, or it was deleted). */
  disconnect(boxId: string): void;
  info(): BrokerInfo;
  close(): Promise<void>;
}

/** What the rest of the server uses of the broker. */
export type BrokerView = Pick<Broker, 'publish' | 'isConnected' | 'disconnect' | 'info'>;
