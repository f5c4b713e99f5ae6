import {
  formatMessage,
  loadTestBoxId,
  loadTestBoxPrefix,
  registerBoxSchema,
  type LoadTestInput,
  type LoadTestSample,
  type LoadTestSummary,
} from '@cloudbox/domain';
import { createFleet, type BoxOptions, type Fleet } from '@cloudbox/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.js';
import { queryRows, transactionRetryingConflicts } from '../../db/sql.js';
import type { Ingest } from '../../ingest/pipeline.js';
import type { JobContext } from '../../jobs/types.js';
import type { BoxService } from '../boxes/service.js';
import { deleteHistory } from '../boxes/controllers.js';

/** The controllers of the load test's boxes: station 1 runs the built-in device types in turn. */
const MACHINES = ['maglev_blower', 'air_compressor', 'generic_plc'] as const;
const SAMPLE_MS = 1000;
/** After the boxes stopped, what the ingest still holds is written before their deletion, for at most this long. */
const DRAIN_MS = 10_000;

export interface LoadTestDeps {
  db: Db;
  boxes: Pick<BoxService, 'registerMany'>;
  ingest: Pick<Ingest, 'counters' | 'queued' | 'forgetControllers'>;
  /** The broker the simulator's boxes connect to. */
  brokerUrl: () => string;
  /** Every instance forgets the deleted boxes, and their connections end. */
  boxGone: (boxId: string) => void;
  logger: FastifyBaseLogger;
}

/** The item key of second `n` (1-based): sorted in time order. */
export const sampleItem = (second: number) => `s${String(second).padStart(4, '0')}`;

const received = (ingest: LoadTestDeps['ingest']) => Object.values(ingest.counters.received).reduce((sum, count) => sum + count, 0);

/**
 * One load test (job kind `load_test`): registers `boxes` temporary boxes in the job's own id range
 * (LOAD_TEST_BOX_PREFIX), runs the simulator with them against this deployment's broker for
 * `duration_s` seconds, records this instance's ingest throughput once a second (an item per
 * second), then stops the boxes and deletes them with their samples and rollups. A run found
 * begun by an earlier life of the server (it stopped mid-run) only cleans up and fails, saying how
 * far it got: a load test is never run twice.
 */
export async function runLoadTest(deps: LoadTestDeps, context: JobContext<LoadTestInput>): Promise<LoadTestSummary> {
  const { params, signal } = context;
  const prefix = loadTestBoxPrefix(context.id);
  const measured = await queryRows<{ seconds: number }>(deps.db, sql`select count(*)::int as seconds from job_items where job_id = ${context.id}`);
  const seconds = Number(measured[0]?.seconds ?? 0);
  const leftovers = await removeBoxes(deps, prefix);
  if (seconds > 0 || leftovers > 0) {
    throw new Error(formatMessage(context.actor.language, 'loadTestInterrupted', { seconds }));
  }

  const credentials = await registerBoxes(deps, context.id, params.boxes);
  let fleet: Fleet | undefined;
  const samples: LoadTestSample[] = [];
  const before = { points: deps.ingest.counters.points, messages: received(deps.ingest) };
  const startedAt = Date.now();
  try {
    await context.setTotal(params.duration_s);
    fleet = createFleet({ url: deps.brokerUrl(), boxes: credentials, intervalSeconds: params.interval_s, seed: context.id, dropOutRate: 0, faultRate: 0 });
    fleet.start();
    let last = { ...before, sent: 0, at: performance.now() };
    for (let second = 1; second <= params.duration_s && !signal.aborted; second += 1) {
      await sleep(startedAt + second * SAMPLE_MS - Date.now(), signal);
      if (signal.aborted) break;
      const now = performance.now();
      const stats = fleet.stats();
      const current = { points: deps.ingest.counters.points, messages: received(deps.ingest), sent: stats.messages, at: now };
      const span = (now - last.at) / 1000;
      const rate = (delta: number) => Math.round((delta / span) * 10) / 10;
      const sample: LoadTestSample = {
        second,
        at: Date.now(),
        points_per_s: rate(current.points - last.points),
        messages_per_s: rate(current.messages - last.messages),
        sent_per_s: rate(current.sent - last.sent),
        connected: stats.connected,
      };
      samples.push(sample);
      await context.item(sampleItem(second), 'ok', sample);
      last = current;
    }
  } finally {
    await fleet?.stop();
    await drain(deps.ingest);
  }
  const removed = await removeBoxes(deps, prefix);
  const stats = fleet?.stats();
  const elapsed = samples.length;
  const pointsIngested = deps.ingest.counters.points - before.points;
  const messagesReceived = received(deps.ingest) - before.messages;
  return {
    boxes: params.boxes,
    seconds: elapsed,
    messages_sent: stats?.messages ?? 0,
    points_sent: stats?.dataPoints ?? 0,
    points_ingested: pointsIngested,
    messages_received: messagesReceived,
    points_per_s: elapsed > 0 ? Math.round((pointsIngested / elapsed) * 10) / 10 : 0,
    messages_per_s: elapsed > 0 ? Math.round((messagesReceived / elapsed) * 10) / 10 : 0,
    peak_points_per_s: Math.max(0, ...samples.map((sample) => sample.points_per_s)),
    boxes_removed: removed,
  };
}

/** The run's boxes registered by the system (no person: not audited per box; the run is, as run_load_test), with fresh secrets. */
async function registerBoxes(deps: LoadTestDeps, jobId: number, count: number): Promise<BoxOptions[]> {
  const [company] = await queryRows<{ code: string }>(deps.db, sql`select code from ck_codes order by code limit 1`);
  if (!company) throw new Error('no company (CK code) to register the load test boxes in');
  const inputs = Array.from({ length: count }, (_, index) =>
    registerBoxSchema.parse({
      id: loadTestBoxId(jobId, index),
      ck: company.code,
      model: 'load-test',
      software: 'simulator',
      remark: `load test ${jobId}`,
      controllers: [{ station: 1, device_type: MACHINES[index % MACHINES.length]! }],
    }),
  );
  const registered = await deps.boxes.registerMany(null, inputs);
  return registered.map(({ box, secret }, index) => ({
    id: box.id,
    secret,
    model: 'load-test',
    controllers: [{ station: 1, deviceType: inputs[index]!.controllers[0]!.device_type }],
  }));
}

/**
 * Deletes the boxes whose ids start with `prefix`, with their controllers' samples and rollups; answers how many.
 * Run again when it deadlocks with the ingest still writing a stopped box's last rows (seen in the end-to-end run).
 */
async function removeBoxes(deps: LoadTestDeps, prefix: string): Promise<number> {
  const pattern = `${prefix}%`;
  const { boxIds, controllerIds } = await transactionRetryingConflicts(deps.db, async (tx) => {
    const controllers = await queryRows<{ id: number }>(tx, sql`select id from controllers where box_id like ${pattern}`);
    const ids = controllers.map((row) => Number(row.id));
    await deleteHistory(tx, ids);
    const gone = await queryRows<{ id: string }>(tx, sql`delete from boxes where id like ${pattern} returning id`);
    return { boxIds: gone.map((row) => row.id), controllerIds: ids };
  });
  deps.ingest.forgetControllers(controllerIds);
  for (const boxId of boxIds) deps.boxGone(boxId);
  return boxIds.length;
}

/** Waits until the ingest has written what it holds (or DRAIN_MS passed). */
async function drain(ingest: LoadTestDeps['ingest']): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  while (ingest.queued > 0 && Date.now() < deadline) await sleep(50);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
