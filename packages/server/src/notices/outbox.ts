import { DELIVERY_MAX_ATTEMPTS, type Language } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { PermanentDeliveryError, type Delivery, type Senders } from './senders/index.js';
import { noticeEventJoins, noticeItemColumns, type NoticeEventRow } from './sql.js';

/** Deliveries of other instances, retries coming due and rows of a worker that died are looked for this often. */
const POLL_MS = 2000;
/** The longest wait between two tries of a delivery. */
const MAX_BACKOFF_MS = 3_600_000;

export interface OutboxOptions {
  /** A taken delivery is taken again by any worker after this long (its worker died mid-send). */
  lockMs: number;
  /** One send is given up after this long (it then counts as a failed try); shorter than the lock. */
  sendTimeoutMs: number;
  /** The wait before the second try; it doubles with each try, at most an hour. */
  retryBaseMs: number;
  /** Sends in flight at once. */
  concurrency: number;
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The delivery worker: sends the outbox (`notice_deliveries`) through e-mail, webhooks and group
 * robots, at least once each, retrying with back-off.
 *
 * A worker takes due rows (queued and due, or `sending` whose lock ran out: a worker that died) in
 * one statement with `for update skip locked`, setting `sending`, `locked_until` and one more try,
 * and commits before it sends: two workers never hold the same row, and no transaction stays open
 * across a send. After the send the row becomes `sent`, or `queued` again with its next try after
 * the back-off (`retryBaseMs` doubling, at most an hour), or `failed` after DELIVERY_MAX_ATTEMPTS
 * tries or a failure no retry mends. The state change is made only if the row is still this try's
 * (same `attempts`), so a worker whose lock ran out changes nothing another worker took over.
 *
 * At most `concurrency` sends are in flight, each ended after `sendTimeoutMs`, so a receiver that
 * hangs or fails holds one slot for a while and delays nothing else. A crash mid-send leaves the
 * row `sending` until its lock runs out, and the next worker sends it again with the same
 * idempotency key (a header, the e-mail's Message-ID), by which a receiver drops the repeat.
 */
export function createOutbox(deps: { db: Db; logger: FastifyBaseLogger; senders: Senders; options: OutboxOptions }) {
  const { db, logger, senders, options } = deps;
  const inFlight = new Set<Promise<void>>();
  /** Ends the sends under way when the server stops. */
  const stopping = new AbortController();
  let claiming: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Takes up to `limit` due deliveries for this worker (committed before anything is sent). */
  function claim(limit: number): Promise<Delivery[]> {
    return queryRows<Delivery>(
      db,
      sql`with due as (
            select id from notice_deliveries
            where (state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now())
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked
          )
          update notice_deliveries d
          set state = 'sending', locked_until = now() + ${options.lockMs}::int * interval '1 millisecond', attempts = d.attempts + 1, updated_at = now()
          from due where d.id = due.id
          returning d.id::float8 as id, d.event_id::float8 as "eventId", d.channel_id as "channelId", d.kind, d.recipient,
            d.idempotency_key as "idempotencyKey", d.attempts`,
    );
  }

  async function send(delivery: Delivery): Promise<void> {
    const [row] = await queryRows<NoticeEventRow & { secret: string | null; language: Language | null; channel: boolean }>(
      db,
      sql`select ${noticeItemColumns}, ch.secret, ch.language, ch.id is not null as channel
          from ${noticeEventJoins} left join notice_channels ch on ch.id = ${delivery.channelId}
          where e.id = ${delivery.eventId}`,
    );
    if (!row) throw new PermanentDeliveryError('the event no longer exists');
    if (!row.channel) throw new PermanentDeliveryError('the channel was deleted');
    const { signal, done } = sendSignal(options.sendTimeoutMs, stopping.signal);
    try {
      await senders.send({ delivery, event: row, secret: row.secret ?? '', language: row.language ?? 'zh', signal });
    } catch (error) {
      if (stopping.signal.aborted) throw new Error('the server stopped during the send', { cause: error });
      if (signal.aborted) throw new Error(`no answer within ${options.sendTimeoutMs} ms`, { cause: error });
      throw error;
    } finally {
      done();
    }
  }

  async function deliver(delivery: Delivery): Promise<void> {
    try {
      await send(delivery);
      await db.execute(sql`update notice_deliveries set state = 'sent', sent_at = now(), last_error = null, locked_until = null, updated_at = now()
        where id = ${delivery.id} and state = 'sending' and attempts = ${delivery.attempts}`);
    } catch (error) {
      await failed(delivery, error);
    }
  }

  /** Back to the queue after the back-off, or given up; logged with the delivery's id (never its secret or URL). */
  async function failed(delivery: Delivery, error: unknown): Promise<void> {
    const message = describe(error);
    // A send that the server's stop cut short is tried again at once by the next worker.
    const stopped = stopping.signal.aborted;
    const final = !stopped && (error instanceof PermanentDeliveryError || delivery.attempts >= DELIVERY_MAX_ATTEMPTS);
    const backoffMs = stopped ? 0 : Math.min(options.retryBaseMs * 2 ** (delivery.attempts - 1), MAX_BACKOFF_MS);
    const log = { deliveryId: delivery.id, kind: delivery.kind, attempts: delivery.attempts, error: message };
    if (final) logger.error(log, 'a notification delivery failed for good');
    else logger.warn({ ...log, retryInMs: backoffMs }, 'a notification delivery failed; it is tried again later');
    try {
      await db.execute(sql`update notice_deliveries
        set state = ${final ? 'failed' : 'queued'}, next_attempt_at = now() + ${backoffMs}::int * interval '1 millisecond',
          last_error = ${message}, locked_until = null, updated_at = now()
        where id = ${delivery.id} and state = 'sending' and attempts = ${delivery.attempts}`);
    } catch (writeError) {
      // The row stays `sending`; once its lock runs out a worker tries it again.
      logger.warn({ err: writeError, deliveryId: delivery.id }, 'recording a failed notification delivery failed');
    }
    // A retry due before the next poll is looked for when it is due.
    if (!final && backoffMs < POLL_MS) setTimeout(wake, backoffMs).unref();
  }

  function start(delivery: Delivery): void {
    const sending: Promise<void> = deliver(delivery).finally(() => {
      inFlight.delete(sending);
      wake();
    });
    inFlight.add(sending);
  }

  async function fill(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopping.signal.aborted && inFlight.size < options.concurrency) {
          const taken = await claim(options.concurrency - inFlight.size);
          for (const delivery of taken) start(delivery);
          if (taken.length === 0) break;
        }
      } catch (error) {
        logger.warn({ err: error }, 'taking notification deliveries failed; the next poll tries again');
      }
    } while (again && !stopping.signal.aborted && inFlight.size < options.concurrency);
  }

  function wake(): void {
    if (stopping.signal.aborted) return;
    if (claiming) {
      again = true;
      return;
    }
    // Cleared after `fill` settles (it may return before this assignment when every slot is busy); a wake meanwhile runs it again.
    claiming = fill().finally(() => {
      claiming = undefined;
      if (again) wake();
    });
  }

  return {
    /** Deliveries were queued (or a slot came free): take what is due now. */
    wake,

    /** Sends in flight now (for tests and metrics). */
    get inFlight(): number {
      return inFlight.size;
    },

    start(): void {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },

    /** Ends the sends under way (their rows go back to the queue, tried again at once by the next worker) and waits for their rows. */
    async close(): Promise<void> {
      clearInterval(timer);
      stopping.abort();
      await claiming;
      await Promise.allSettled([...inFlight]);
      senders.close();
    },
  };
}

/** A failure as the delivery log shows it: the message and its cause (fetch's "fetch failed" says little by itself). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const told = error.cause instanceof Error && error.cause.name !== 'AbortError' && error.cause.name !== 'TimeoutError';
  const cause = told ? ` (${(error.cause as Error).message})` : '';
  return `${error.message}${cause}`.slice(0, 1000);
}

/**
 * The signal of one send: aborted after `timeoutMs`, or when the server stops. Held by a timer and
 * a listener of its own, not `AbortSignal.any([AbortSignal.timeout(…), stopping])`: on Node 20 a
 * garbage collection during the send loses that composite's abort, and `fetch` then waits on a
 * hanging receiver for good (a CI run saw a 1 s send still waiting after 10 s; outbox-signal.test.ts
 * reproduces it). `done` clears the timer and the listener.
 */
export function sendSignal(timeoutMs: number, stopping: AbortSignal): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
  const stop = () => controller.abort(stopping.reason);
  if (stopping.aborted) stop();
  else stopping.addEventListener('abort', stop, { once: true });
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      stopping.removeEventListener('abort', stop);
    },
  };
}
