import {
  BOX_STATUS,
  boxTopics,
  configMessageSchema,
  findRegister,
  resetMessageSchema,
  serverAddressMessageSchema,
  writeCommandSchema,
  type DeviceType,
  type HelloMessage,
  type WriteAck,
} from '@cloudbox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { VirtualController } from './controller.js';
import type { BoxConfig } from './options.js';
import { dataPayload } from './payload.js';
import { ProgramReceiver, type ReceivedProgram } from './program.js';
import { hash, hash3, textKey, unit } from './random.js';

/** What the fleet counts across all its boxes. */
export interface FleetCounters {
  connected: number;
  connects: number;
  connectFailures: number;
  dropOuts: number;
  messages: number;
  dataPoints: number;
  writes: number;
  acks: number;
}

/** What every box of a fleet shares: the broker, the clock, the counters and the publishing mode. */
export interface BoxContext {
  url: string;
  clock: () => number;
  counters: FleetCounters;
  dropOutRate: number;
  faultRate: number;
  /** Readings per data message (all of them unless load generation asks for fewer). */
  pointLimit: number;
  /** In load generation, the unacknowledged data messages a box keeps going; undefined: one per interval. */
  inFlight: number | undefined;
  /** Every device type the boxes' controllers name, by id. */
  deviceTypes: ReadonlyMap<string, DeviceType>;
  /** The registers pinned at each station (`--hold`), engineering values by register number. */
  holds: ReadonlyMap<number, ReadonlyMap<number, number>>;
  report(problem: string, detail: string): void;
}

type Connection = 'offline' | 'connecting' | 'online' | 'dropped' | 'rebooting';

/** What the server told a box to keep (`down/server`, `down/config`); a configuration reset forgets it. */
export interface StoredConfiguration {
  server?: string;
  config?: { version: number; sha256: string };
}

/** How long a rebooting box stays away before it connects again. */
export const REBOOT_DELAY_MS = 1000;

const QOS1 = { qos: 1 } as const;
const RETAINED = { qos: 1, retain: true } as const;

/**
 * A 4G IoT box: connects with its id and secret, announces itself, and on each call of `due()`
 * (once per interval, from the fleet's single timer) samples its controllers and publishes them.
 * It answers remote writes, and now and then loses its connection the way a box in the field
 * does: no DISCONNECT, so the broker publishes its last will.
 */
export class VirtualBox {
  private readonly topics: ReturnType<typeof boxTopics>;
  private readonly controllers: VirtualController[];
  private readonly key: number;
  private client: MqttClient | undefined;
  private connection: Connection = 'offline';
  private seq = 0;
  private dues = 0;
  private connections = 0;
  private dueToReturn = 0;
  private inFlight = 0;
  private readonly programs: ProgramReceiver;
  private rebootTimer: NodeJS.Timeout | undefined;
  private stored: StoredConfiguration = {};

  constructor(
    private readonly config: BoxConfig,
    seed: number,
    private readonly context: BoxContext,
  ) {
    this.topics = boxTopics(config.id);
    this.key = hash(seed, textKey(config.id));
    this.programs = new ProgramReceiver(config);
    this.controllers = config.controllers.map(({ station, deviceType: id }) => {
      const deviceType = context.deviceTypes.get(id)!;
      const holds = [...(context.holds.get(station) ?? [])].filter(([register]) => findRegister(deviceType, register) !== undefined);
      const provision = { boxKey: config.unlockKey, locked: config.lockedStations?.includes(station) ?? false };
      return new VirtualController(station, deviceType, hash(this.key, station), context.faultRate, new Map(holds), provision);
    });
  }

  get id(): string {
    return this.config.id;
  }

  /** The PLC programs this box was sent, by delivery id. */
  get receivedPrograms(): ReadonlyMap<string, ReceivedProgram> {
    return this.programs.received;
  }

  /** What the box keeps of what the server told it. */
  get configuration(): StoredConfiguration {
    return { ...this.stored };
  }

  /** The readings one data message of this box can carry. */
  get registerCount(): number {
    return this.controllers.reduce((sum, controller) => sum + controller.registerCount, 0);
  }

  due(): void {
    this.dues += 1;
    switch (this.connection) {
      case 'offline':
        this.connect();
        return;
      case 'dropped':
        if (this.dues >= this.dueToReturn) this.connect();
        return;
      case 'online':
        if (unit(hash3(this.key, 0xd209, this.dues)) < this.context.dropOutRate) this.dropOut();
        else if (this.context.inFlight === undefined) this.publishData();
        return;
      case 'connecting':
      case 'rebooting':
        return;
    }
  }

  /** Goes offline for good: says so on the status topic, then disconnects cleanly. */
  async stop(): Promise<void> {
    const client = this.client;
    const wasOnline = this.connection === 'online';
    clearTimeout(this.rebootTimer);
    this.client = undefined;
    this.markClosed('offline');
    if (!client) return;
    if (!wasOnline) return void (await client.endAsync(true));
    await client.publishAsync(this.topics.status, BOX_STATUS.offline, RETAINED).catch(() => undefined);
    await client.endAsync();
  }

  private connect(): void {
    this.client?.end(true);
    this.connection = 'connecting';
    this.connections += 1;
    const client = mqtt.connect(this.context.url, {
      clientId: `box-${this.config.id}`,
      username: this.config.id,
      password: this.config.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      // The fleet's timer decides when a box comes back, so thousands of boxes never retry in step.
      reconnectPeriod: 0,
      will: { topic: this.topics.status, payload: Buffer.from(BOX_STATUS.offline), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('message', (topic, payload) => {
      if (topic === this.topics.write) this.onWrite(client, payload);
      else if (topic === this.topics.program) this.onProgram(client, payload);
      else if (topic === this.topics.server || topic === this.topics.config) this.onDelivery(client, topic, payload);
      else if (topic === this.topics.reset) this.onReset(client, payload);
    });
    client.on('error', (error) => {
      this.context.counters.connectFailures += 1;
      this.context.report(error.message, `box ${this.config.id}`);
    });
    client.on('close', () => {
      if (this.client === client) this.markClosed(this.connection === 'dropped' || this.connection === 'rebooting' ? this.connection : 'offline');
    });
  }

  private onConnect(client: MqttClient): void {
    this.connection = 'online';
    this.context.counters.connected += 1;
    this.context.counters.connects += 1;
    const hello: HelloMessage = {
      model: this.config.model ?? 'CB-4G',
      software: this.config.software ?? 'CB-OS 2.4.1',
      iccid: this.config.iccid ?? this.iccid(),
      ip: this.ip(),
    };
    client.publish(this.topics.status, BOX_STATUS.online, RETAINED);
    client.publish(this.topics.hello, JSON.stringify(hello), QOS1);
    client.subscribe([this.topics.write, this.topics.server, this.topics.config, this.topics.program, this.topics.reset], QOS1);
    if (this.context.inFlight !== undefined) this.pump();
  }

  private markClosed(next: 'offline' | 'dropped' | 'rebooting'): void {
    if (this.connection === 'online') this.context.counters.connected -= 1;
    this.connection = next;
    this.inFlight = 0;
  }

  private dropOut(): void {
    this.context.counters.dropOuts += 1;
    this.markClosed('dropped');
    this.dueToReturn = this.dues + 2 + (hash3(this.key, 0xd20b, this.dues) % 10);
    // A forced end destroys the socket without DISCONNECT: the broker sends the last will.
    this.client?.end(true);
  }

  private publishData(): void {
    const client = this.client;
    if (!client) return;
    const ts = this.context.clock();
    for (const controller of this.controllers) controller.sample(ts);
    const { json, points } = dataPayload(ts, this.seq, this.controllers, this.context.pointLimit);
    this.seq += 1;
    this.inFlight += 1;
    client.publish(this.topics.data, json, QOS1, (error) => {
      if (this.client === client) this.inFlight = Math.max(0, this.inFlight - 1);
      if (error) return;
      this.context.counters.messages += 1;
      this.context.counters.dataPoints += points;
      if (this.context.inFlight !== undefined) this.pump();
    });
  }

  /** Load generation: keep `inFlight` data messages unacknowledged, no more. */
  private pump(): void {
    while (this.connection === 'online' && this.inFlight < this.context.inFlight!) this.publishData();
  }

  private onWrite(client: MqttClient, payload: Buffer): void {
    this.context.counters.writes += 1;
    const message = parseJson(payload.toString());
    const command = writeCommandSchema.safeParse(message);
    let ack: WriteAck;
    if (command.success) {
      const { cmdId, station, register, value } = command.data;
      const controller = this.controllers.find((candidate) => candidate.station === station);
      const outcome = controller ? controller.write(register, value) : ({ ok: false, error: 'unknown_station' } as const);
      ack = outcome.ok ? { cmdId, ok: true, value: outcome.value } : { cmdId, ok: false, error: outcome.error };
    } else {
      const cmdId = typeof message === 'object' && message !== null && 'cmdId' in message ? message.cmdId : undefined;
      // Without a command id there is nobody to answer.
      if (typeof cmdId !== 'string') return;
      ack = { cmdId, ok: false, error: 'bad_request' };
    }
    client.publish(this.topics.ack, JSON.stringify(ack), QOS1, (error) => {
      if (!error) this.context.counters.acks += 1;
    });
    // What a write changed is reported at once, as gateways that report on change do, not at the next
    // interval: a start shows running on the live page a moment after it is acknowledged. (Load
    // generation keeps its own pace.)
    if (ack.ok && this.context.inFlight === undefined) this.publishData();
  }

  /** A PLC program's chunk or verification: answered once the (slow) bus took it; a test's fault may drop the box afterwards. */
  private onProgram(client: MqttClient, payload: Buffer): void {
    const answer = this.programs.receive(payload.toString());
    const { ack } = answer;
    if (!ack) return;
    const reply = () => {
      if (this.client !== client || this.connection !== 'online') return;
      client.publish(this.topics.ack, JSON.stringify(ack), QOS1, (error) => {
        if (!error && answer.disconnect && this.client === client) this.dropOut();
      });
    };
    if (this.config.programAckDelayMs) setTimeout(reply, this.config.programAckDelayMs);
    else reply();
  }

  /** A server address or a configuration file: the box keeps it (until a configuration reset) and says it took it. */
  private onDelivery(client: MqttClient, topic: string, payload: Buffer): void {
    const message = parseJson(payload.toString());
    const cmdId = typeof message === 'object' && message !== null && 'cmdId' in message ? message.cmdId : undefined;
    if (typeof cmdId !== 'string') return;
    if (topic === this.topics.server) {
      const server = serverAddressMessageSchema.safeParse(message);
      if (server.success) this.stored.server = server.data.server;
    } else {
      const config = configMessageSchema.safeParse(message);
      if (config.success) this.stored.config = { version: config.data.version, sha256: config.data.sha256 };
    }
    const ack: WriteAck = { cmdId, ok: true };
    client.publish(this.topics.ack, JSON.stringify(ack), QOS1);
  }

  /**
   * A reboot or a configuration reset: the box acknowledges first (a box that reboots cannot answer
   * after), then forgets what the server told it, or drops its connection and comes back with a new
   * hello after REBOOT_DELAY_MS, the way a box that restarts does (no DISCONNECT: the broker
   * publishes its last will).
   */
  private onReset(client: MqttClient, payload: Buffer): void {
    const message = parseJson(payload.toString());
    const reset = resetMessageSchema.safeParse(message);
    if (!reset.success) {
      const cmdId = typeof message === 'object' && message !== null && 'cmdId' in message ? message.cmdId : undefined;
      if (typeof cmdId === 'string') client.publish(this.topics.ack, JSON.stringify({ cmdId, ok: false, error: 'bad_request' } satisfies WriteAck), QOS1);
      return;
    }
    const ack: WriteAck = { cmdId: reset.data.cmdId, ok: true };
    if (reset.data.action === 'reset_config') {
      this.stored = {};
      client.publish(this.topics.ack, JSON.stringify(ack), QOS1);
      return;
    }
    client.publish(this.topics.ack, JSON.stringify(ack), QOS1, () => {
      if (this.client !== client || this.connection !== 'online') return;
      this.markClosed('rebooting');
      client.end(true);
      this.rebootTimer = setTimeout(() => {
        if (this.connection === 'rebooting') this.connect();
      }, REBOOT_DELAY_MS);
    });
  }

  /** A SIM card id for boxes whose registration gave none: 8986 (China) and digits from the box key. */
  private iccid(): string {
    return `8986${String(hash(this.key, 0x1cc1)).padStart(10, '0')}${String(hash(this.key, 0x1cc2) % 1_000_000).padStart(6, '0')}`;
  }

  /** The carrier hands a 4G box a new private address on every attach. */
  private ip(): string {
    const h = hash(this.key, this.connections);
    return `10.${(h >>> 16) & 0xff}.${(h >>> 8) & 0xff}.${(h & 0xfe) + 1}`;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
