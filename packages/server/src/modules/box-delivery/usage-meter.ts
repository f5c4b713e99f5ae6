import { TOPIC_ROOT } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import { numberArray, textArray } from '../../db/sql.js';
import type { Registry } from '../../fleet/registry.js';

const FLUSH_INTERVAL_MS = 5000;
const BOX_OF_TOPIC = new RegExp(`^${TOPIC_ROOT}/(\\d{1,32})/(up|down)/`);

interface Tally {
  up: number;
  down: number;
  messages: number;
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;

/**
 * Counts the MQTT payload bytes every box sends and is sent (box_data_usage, per local day of its
 * company's zone). Usage counts are statistics, not acknowledged data: they are added up in memory
 * per box and written every few seconds (and on close) in one multi-row upsert, so the ingest's hot
 * path pays a map update per message and nothing else. A crash loses the last few seconds' counts;
 * a box's bytes around local midnight may land on the day the flush sees.
 */
export function createUsageMeter(deps: { db: Db; registry: Registry; logger: FastifyBaseLogger; flushIntervalMs?: number }) {
  const { db, registry, logger } = deps;
  let pending = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const dayFormats = new Map<string, Intl.DateTimeFormat>();

  function count(topic: string, bytes: number): void {
    const match = BOX_OF_TOPIC.exec(topic);
    if (!match) return;
    const boxId = match[1]!;
    let tally = pending.get(boxId);
    if (!tally) pending.set(boxId, (tally = { up: 0, down: 0, messages: 0 }));
    if (match[2] === 'up') tally.up += bytes;
    else tally.down += bytes;
    tally.messages += 1;
  }

  /** The local date (YYYY-MM-DD) in the zone: en-CA writes dates that way. */
  function dayIn(zone: string, at: Date): string {
    let format = dayFormats.get(zone);
    if (!format) dayFormats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
    return format.format(at);
  }

  async function write(tallies: Map<string, Tally>): Promise<void> {
    const now = new Date();
    const rows: { boxId: string; day: string; tally: Tally }[] = [];
    for (const [boxId, tally] of tallies) {
      // Unregistered ids (refused messages) are not counted: their box has no row to count on.
      const box = await registry.box(boxId);
      if (box) rows.push({ boxId, day: dayIn(box.timeZone, now), tally });
    }
    if (rows.length === 0) return;
    // A box deleted since its bytes were counted is left out by the join (no foreign key error for the others).
    await db.execute(sql`insert into box_data_usage (box_id, day, bytes_up, bytes_down, messages)
      select u.box_id, u.day::date, u.up, u.down, u.messages
      from unnest(${textArray(rows.map((row) => row.boxId))}::text[], ${textArray(rows.map((row) => row.day))}::text[],
        ${numberArray(rows.map((row) => row.tally.up))}::bigint[], ${numberArray(rows.map((row) => row.tally.down))}::bigint[],
        ${numberArray(rows.map((row) => row.tally.messages))}::int[]) as u(box_id, day, up, down, messages)
      join boxes b on b.id = u.box_id
      on conflict (box_id, day) do update set bytes_up = box_data_usage.bytes_up + excluded.bytes_up,
        bytes_down = box_data_usage.bytes_down + excluded.bytes_down, messages = box_data_usage.messages + excluded.messages`);
  }

  /** Writes what was counted; counts a failed write could not take are kept for the next flush. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const taken = pending;
      pending = new Map();
      try {
        await write(taken);
      } catch (error) {
        logger.warn({ err: error }, 'writing the boxes’ data usage failed; it is kept for the next flush');
        for (const [boxId, tally] of taken) {
          const current = pending.get(boxId);
          if (current) {
            current.up += tally.up;
            current.down += tally.down;
            current.messages += tally.messages;
          } else pending.set(boxId, tally);
        }
      }
    });
    return flushing;
  }

  return {
    /** A message a box published (what the broker hands the ingest). */
    counted: count,
    flush,

    /** The broker as the senders see it, counting what they send to boxes. */
    counting<View extends Pick<BrokerView, 'publish'>>(view: View): View {
      return {
        ...view,
        async publish(topic: string, payload: string): Promise<void> {
          await view.publish(topic, payload);
          count(topic, Buffer.byteLength(payload));
        },
      };
    },

    start(): void {
      timer = setInterval(() => void flush(), deps.flushIntervalMs ?? FLUSH_INTERVAL_MS);
      timer.unref();
    },

    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
