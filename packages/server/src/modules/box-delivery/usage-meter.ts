import { TOPIC_ROOT } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import { numberArray, textArray } from '../../db/sql.js';

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
export function createUsageMeter(deps: { db: Db; logger: FastifyBaseLogger; flushIntervalMs?: number }) {
  const { db, logger } = deps;
  let pending = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

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

  /**
   * One upsert of every box's counts on today's date in its company's zone. The day is reckoned in
   * the statement: a box deleted since its bytes were counted, or an unregistered id (a refused
   * message), is left out by the join, and no box's facts are loaded for it.
   */
  async function write(tallies: Map<string, Tally>): Promise<void> {
    const rows = [...tallies];
    await db.execute(sql`insert into box_data_usage (box_id, day, bytes_up, bytes_down, messages)
      select u.box_id, (now() at time zone c.time_zone)::date, u.up, u.down, u.messages
      from unnest(${textArray(rows.map(([boxId]) => boxId))}::text[], ${numberArray(rows.map(([, tally]) => tally.up))}::bigint[],
        ${numberArray(rows.map(([, tally]) => tally.down))}::bigint[], ${numberArray(rows.map(([, tally]) => tally.messages))}::int[])
        as u(box_id, up, down, messages)
      join boxes b on b.id = u.box_id join ck_codes c on c.code = b.ck
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
