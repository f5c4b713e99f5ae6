import { BOX_STATUS, helloSchema, TOPIC_ROOT, writeAckSchema, type WriteAck } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { createCounters, MESSAGE_KINDS, REJECTIONS, type MessageKind, type Rejection } from './counters.js';
import { decodeData } from './decode.js';
import { createEventEngine } from './events.js';
import { createPartitions } from './partitions.js';
import type { RegisteredBox, Registry } from '../fleet/registry.js';
import type { StatusService } from '../fleet/status.js';
import { createRollups } from './rollups.js';
import { activeRecords } from './store.js';
import { createWriter, type Committed } from './writer.js';

/** Larger payloads are dropped unread (and counted): no box message comes near it. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

const TOPIC = new RegExp(`^${TOPIC_ROOT}/(\\d{1,32})/up/([a-z]+)$`);
const FAULT_STATE_REFRESH_MS = 60_000;
const PARTITION_MAINTENANCE_MS = 3_600_000;

/** Where a message came from: the box the broker authenticated (embedded), and its address. */
export interface Origin {
  boxId?: string;
  sourceIp?: string | null;
}

export interface IngestHooks {
  /** After a batch commits: push values and fault records to browsers. */
  committed(committed: Committed): void;
  /** A box said hello: it is back, send what waits for it. */
  hello(box: RegisteredBox): Promise<void>;
  ack(box: RegisteredBox, ack: WriteAck): Promise<void>;
  /** A message (or `times` readings of one) was dropped for this reason: the server log hears of it. */
  rejected?(reason: Rejection, boxId: string | undefined, times: number): void;
}

export type Ingest = ReturnType<typeof createIngest>;

/**
 * The MQTT data plane's entry: every message a box publishes goes through `receive`, whose promise
 * settles when the message is handled; the broker acknowledges it only then. Bad messages are
 * counted and settle at once (acknowledged and dropped: a redelivery would be just as bad).
 */
export function createIngest(deps: {
  db: Db;
  registry: Registry;
  status: StatusService;
  logger: FastifyBaseLogger;
  rawRetentionDays: number;
  /** Batches written at once (`createWriter`). */
  writerLanes: number;
  /**
   * True with the embedded broker: it sees connects and disconnects itself, so the boxes' own
   * status messages are only informative. An external broker's server sees only the messages.
   */
  connectionAware: boolean;
  hooks: IngestHooks;
}) {
  const { db, registry, status, logger, hooks } = deps;
  const counters = createCounters();
  const partitions = createPartitions(db, deps.rawRetentionDays);
  const events = createEventEngine();
  let lastFaultRefresh = 0;
  const rollups = createRollups({ db, logger });
  const writer = createWriter({
    db,
    lanes: deps.writerLanes,
    partitions,
    events,
    counters,
    logger,
    rollups,
    onCommitted: (committed) => hooks.committed(committed),
    // Another instance may have opened or closed records for boxes this one also sees.
    faultState: {
      due: () => Date.now() - lastFaultRefresh >= FAULT_STATE_REFRESH_MS,
      async reload() {
        lastFaultRefresh = Date.now();
        events.setActive(await activeRecords(db));
      },
    },
  });
  let maintenance: NodeJS.Timeout | undefined;

  async function maintainPartitions(): Promise<void> {
    const dropped = await partitions.maintain();
    if (dropped.length > 0) logger.info({ partitions: dropped }, 'dropped raw samples past RAW_RETENTION_DAYS');
  }

  function reject(reason: Rejection, boxId: string | undefined): void {
    counters.rejected[reason] += 1;
    hooks.rejected?.(reason, boxId, 1);
  }

  async function receive(topic: string, payload: Buffer, origin: Origin = {}): Promise<void> {
    const match = TOPIC.exec(topic);
    const kind = match?.[2] as MessageKind | undefined;
    const boxId = match?.[1];
    if (!boxId || !kind || !MESSAGE_KINDS.includes(kind) || (origin.boxId !== undefined && origin.boxId !== boxId)) {
      reject('wrong_topic', origin.boxId ?? boxId);
      return;
    }
    counters.received[kind] += 1;
    if (payload.length > MAX_PAYLOAD_BYTES) {
      reject('oversized', boxId);
      return;
    }
    const box = await registry.box(boxId);
    if (!box) {
      reject('unknown_box', boxId);
      status.unregistered(boxId, origin.sourceIp ?? null);
      return;
    }
    if (kind === 'status') return onStatus(box, payload.toString());
    const message = parseJson(payload);
    if (message === undefined) {
      reject('malformed', box.id);
      return;
    }
    status.seen(box.id);
    switch (kind) {
      case 'data': {
        const before = { ...counters.rejected };
        const samples = decodeData(box, message, partitions.window(), counters);
        for (const reason of REJECTIONS)
          if (counters.rejected[reason] > before[reason]) hooks.rejected?.(reason, box.id, counters.rejected[reason] - before[reason]);
        if (samples.length > 0) await writer.submit(box.id, samples);
        return;
      }
      case 'hello':
        return onHello(box, message, origin);
      case 'ack': {
        const ack = writeAckSchema.safeParse(message);
        if (!ack.success) {
          reject('malformed', box.id);
          return;
        }
        return hooks.ack(box, ack.data);
      }
    }
  }

  function onStatus(box: RegisteredBox, text: string): void {
    if (text !== BOX_STATUS.online && text !== BOX_STATUS.offline && text !== '') {
      reject('malformed', box.id);
      return;
    }
    // Our own broker knows the connection better than a retained message does.
    if (deps.connectionAware || text === '') return;
    if (text === BOX_STATUS.online) status.seen(box.id);
    else status.disconnected(box.id, 'reported');
  }

  async function onHello(box: RegisteredBox, message: unknown, origin: Origin): Promise<void> {
    const hello = helloSchema.safeParse(message);
    if (!hello.success) {
      reject('malformed', box.id);
      return;
    }
    const { model, software, iccid, ip } = hello.data;
    status.describe(box.id, { model: model.slice(0, 64), software: software.slice(0, 64), iccid: iccid.slice(0, 22) });
    if (!deps.connectionAware) status.connected(box.id, { sourceIp: origin.sourceIp ?? ip, destinationIp: null });
    await hooks.hello(box);
  }

  return {
    counters,
    receive,

    async start(): Promise<void> {
      await maintainPartitions();
      events.setActive(await activeRecords(db));
      lastFaultRefresh = Date.now();
      maintenance = setInterval(() => {
        maintainPartitions().catch((error: unknown) => logger.warn({ err: error }, 'partition maintenance failed'));
      }, PARTITION_MAINTENANCE_MS);
      maintenance.unref();
      rollups.start();
    },

    /** Everything committed so far into the hourly rollups now, not at the next flush (tests; shutting down does it itself). */
    flushRollups: rollups.flush,

    /** Rules were edited (a record of a disabled or deleted rule ended): reload the open records before the next batch. */
    rulesChanged(): void {
      lastFaultRefresh = 0;
    },

    /** A controller that no longer exists: its rule state goes too. */
    forgetControllers(ids: readonly number[]): void {
      for (const id of ids) events.forgetController(id);
    },

    get queued(): number {
      return writer.queued;
    },

    async close(): Promise<void> {
      clearInterval(maintenance);
      await writer.close();
      await rollups.close();
    },
  };
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
