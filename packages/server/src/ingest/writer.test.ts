import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import type { RegisteredBox } from '../fleet/registry.js';
import { createCounters } from './counters.js';
import type { Sample } from './decode.js';
import { createEventEngine } from './events.js';
import type { createPartitions } from './partitions.js';
import { createWriter, laneOf } from './writer.js';

/** A database whose statements wait until the test lets each one finish. */
function heldDatabase(log: string[]) {
  const held: { box: string; finish(): void; fail(): void }[] = [];
  const db = {
    execute(query: { queryChunks?: unknown[] }) {
      const box = JSON.stringify(query).match(/"\{(\d+)\}"/)?.[1] ?? '?';
      log.push(`statement ${box}`);
      return new Promise((resolve, reject) =>
        held.push({
          box,
          finish: () => {
            log.push(`committed ${box}`);
            resolve([{ samples: 1, points: 1 }]);
          },
          // The connection broke before the answer came: the statement may or may not have committed.
          fail: () => reject(new Error('read ECONNRESET')),
        }),
      );
    },
  } as unknown as Db;
  return { db, held };
}

function sampleOf(boxNumber: number, ts: number): Sample {
  const box = { id: String(boxNumber), controllers: new Map(), timeZone: 'UTC' } as unknown as RegisteredBox;
  const controller = { id: boxNumber, station: 1, deviceType: { rulesByRegister: new Map() } } as unknown as Sample['controller'];
  return { box, controller, ts, registers: [1], readings: [1] };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

function writerOn(
  db: Db,
  faultState: { due(): boolean; reload(): Promise<void> },
  rollups: Parameters<typeof createWriter>[0]['rollups'] = { nextBatch: () => ({ writer: 'test', batch: 1 }), committed: () => undefined },
) {
  return createWriter({
    db,
    lanes: 3,
    partitions: { ensure: () => Promise.resolve() } as unknown as ReturnType<typeof createPartitions>,
    events: createEventEngine(),
    counters: createCounters(),
    logger: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    rollups,
    onCommitted: () => undefined,
    faultState,
  });
}

/** Two box numbers whose messages go to different lanes. */
function boxesInTwoLanes(): [number, number] {
  const first = 700_000_001;
  let second = first + 1;
  while (laneOf(String(second), 3) === laneOf(String(first), 3)) second += 1;
  return [first, second];
}

describe('the ingest writer’s lanes', () => {
  it('writes two boxes’ batches at once, and one box’s messages one batch after the other', async () => {
    const log: string[] = [];
    const { db, held } = heldDatabase(log);
    const writer = writerOn(db, { due: () => false, reload: () => Promise.resolve() });
    const [a, b] = boxesInTwoLanes();
    const acknowledged: string[] = [];
    const submit = (box: number, ts: number) => writer.submit(String(box), [sampleOf(box, ts)]).then(() => acknowledged.push(`${box}@${ts}`));

    const written = [submit(a, 1), submit(b, 1)];
    await until(() => held.length === 2);
    written.push(submit(a, 2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map((statement) => statement.box)).toEqual([String(a), String(b)]);
    expect(writer.queued).toBe(1);

    held[1]!.finish();
    await until(() => acknowledged.length === 1);
    expect(acknowledged).toEqual([`${b}@1`]);
    held[0]!.finish();
    await until(() => held.length === 3);
    held[2]!.finish();
    await Promise.all(written);
    expect(acknowledged).toEqual([`${b}@1`, `${a}@1`, `${a}@2`]);
  });

  it('reloads the fault state only once no batch is between its evaluation and its commit', async () => {
    const log: string[] = [];
    const { db, held } = heldDatabase(log);
    let due = false;
    const writer = writerOn(db, {
      due: () => due,
      reload: () => {
        due = false;
        log.push('reload');
        return Promise.resolve();
      },
    });
    const [a, b] = boxesInTwoLanes();
    const first = writer.submit(String(a), [sampleOf(a, 1)]);
    await until(() => held.length === 1);
    due = true;
    const second = writer.submit(String(b), [sampleOf(b, 1)]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([`statement ${a}`]);

    held[0]!.finish();
    await until(() => held.length === 2);
    held[1]!.finish();
    await Promise.all([first, second]);
    expect(log).toEqual([`statement ${a}`, `committed ${a}`, 'reload', `statement ${b}`, `committed ${b}`]);
  });

  it('writes a batch again under the same rollup tag after a lost answer, and says it was written again', async () => {
    const { db, held } = heldDatabase([]);
    let batches = 0;
    const committed: string[] = [];
    const writer = writerOn(
      db,
      { due: () => false, reload: () => Promise.resolve() },
      {
        nextBatch: () => ({ writer: 'test', batch: (batches += 1) }),
        committed: (queuedBy, _samples, _inserted, _hours, retried) => void committed.push(`batch ${queuedBy.batch}${retried ? ', retried' : ''}`),
      },
    );
    const [a] = boxesInTwoLanes();
    const written = writer.submit(String(a), [sampleOf(a, 1)]);
    await until(() => held.length === 1);
    held[0]!.fail();
    await until(() => held.length === 2);
    held[1]!.finish();
    await written;
    expect(committed).toEqual(['batch 1, retried']);
  });
});
