import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/sql.js';
import type { UserRow } from '../db/schema.js';
import { createPasswordHasher } from '../modules/users/passwords.js';
import { seedDemo } from '../seed.js';
import { DATABASE_KINDS, openTestDatabase, testConfig, type TestDatabase } from '../test/helpers.js';
import { createJobQueue } from './queue.js';
import type { JobContext, JobQueue } from './types.js';

const silent = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const FAST = { leaseMs: 400, pollMs: 50, retryBaseMs: 20 };
const itemsParams = z.object({ items: z.array(z.string()) });

interface JobState {
  state: string;
  attempts: number;
  progress_done: number;
  progress_total: number;
  summary: Record<string, unknown>;
  error: string | null;
  locked_by: string | null;
}

describe.each(DATABASE_KINDS)('durable jobs (%s)', (kind) => {
  let test: TestDatabase;
  let root: Pick<UserRow, 'id' | 'username'>;
  const queues: JobQueue[] = [];
  const db = () => test.database.db;

  const jobOf = async (id: number) =>
    (await queryRows<JobState>(db(), sql`select state, attempts, progress_done, progress_total, summary, error, locked_by from jobs where id = ${id}`))[0]!;
  const itemsOf = (id: number) => queryRows<{ item: string; state: string }>(db(), sql`select item, state from job_items where job_id = ${id} order by item`);
  const until = (id: number, check: (job: JobState) => boolean) =>
    vi.waitFor(
      async () => {
        const job = await jobOf(id);
        if (!check(job)) throw new Error(`job ${id} is ${JSON.stringify(job)}`);
        return job;
      },
      { timeout: 10_000, interval: 20 },
    );
  function queue(instance: string, failed?: (job: { id: number; error: string }) => void) {
    const created = createJobQueue({ db: db(), logger: silent, instance, failed, options: FAST });
    queues.push(created);
    return created;
  }
  const enqueue = (target: JobQueue, items: string[]) =>
    target.enqueue(db(), { kind: 'inactive_scan', params: { items }, actor: { user: root, ip: '127.0.0.1', language: 'en' }, total: items.length });

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await seedDemo(db(), createPasswordHasher(testConfig().argon2));
    const [user] = await queryRows<{ id: number; username: string }>(db(), sql`select id, username from users where username = 'demo_root'`);
    root = user!;
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((created) => created.close()));
  });
  afterAll(() => test.dispose());

  it('runs a job to the end: each item once, its progress counted, its summary kept', async () => {
    const seen: string[] = [];
    const jobs = queue('one');
    jobs.define('inactive_scan', {
      params: itemsParams,
      async run(context) {
        for (const item of context.params.items) {
          seen.push(item);
          await context.item(item, item === 'b' ? 'refused' : 'ok', { n: item });
        }
        return { seen: seen.length };
      },
    });
    await jobs.start();
    const id = await enqueue(jobs, ['a', 'b', 'c']);
    jobs.wake();
    const done = await until(id, (job) => job.state === 'done');
    expect(done).toMatchObject({ attempts: 1, progress_done: 3, progress_total: 3, summary: { seen: 3 }, locked_by: null });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(await itemsOf(id)).toEqual([
      { item: 'a', state: 'ok' },
      { item: 'b', state: 'refused' },
      { item: 'c', state: 'ok' },
    ]);
  });

  it('retries a failed attempt, which resumes after the items the first one finished', async () => {
    const runs: { attempt: number; skipped: string[]; worked: string[] }[] = [];
    const jobs = queue('one');
    jobs.define('inactive_scan', {
      params: itemsParams,
      async run(context) {
        const finished = await context.finished();
        const run = { attempt: context.attempt, skipped: [...finished.keys()].sort(), worked: [] as string[] };
        runs.push(run);
        for (const item of context.params.items.filter((candidate) => !finished.has(candidate))) {
          if (context.attempt === 1 && item === 'c') throw new Error('the box went away');
          run.worked.push(item);
          await context.item(item, 'ok');
        }
      },
    });
    await jobs.start();
    const id = await enqueue(jobs, ['a', 'b', 'c', 'd']);
    jobs.wake();
    const done = await until(id, (job) => job.state === 'done');
    expect(done).toMatchObject({ attempts: 2, progress_done: 4, error: null });
    expect(runs).toEqual([
      { attempt: 1, skipped: [], worked: ['a', 'b'] },
      { attempt: 2, skipped: ['a', 'b'], worked: ['c', 'd'] },
    ]);
  });

  it('fails a job for good after its attempts, and says so once', async () => {
    const failures: { id: number; error: string }[] = [];
    const jobs = queue('one', (job) => failures.push(job));
    jobs.define('inactive_scan', {
      params: itemsParams,
      maxAttempts: 2,
      run: () => Promise.reject(new Error('no such register')),
    });
    await jobs.start();
    const id = await enqueue(jobs, ['a']);
    jobs.wake();
    const failed = await until(id, (job) => job.state === 'failed');
    expect(failed).toMatchObject({ attempts: 2, error: 'no such register' });
    expect(failures).toEqual([{ id, kind: 'inactive_scan', error: 'no such register' }]);
  });

  it("takes over a job whose worker died (its lease ran out), and resumes after that worker's finished items", async () => {
    const id = await enqueue(queue('unused'), ['a', 'b', 'c']);
    // What a worker killed with -9 leaves: the job running, locked by it, the lease over, one item done.
    await db().execute(sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead', locked_until = now() - interval '1 second' where id = ${id}`);
    await db().execute(sql`insert into job_items (job_id, item, state) values (${id}, 'a', 'ok')`);
    await db().execute(sql`update jobs set progress_done = 1 where id = ${id}`);
    const worked: string[] = [];
    const jobs = queue('alive');
    jobs.define('inactive_scan', {
      params: itemsParams,
      async run(context) {
        const finished = await context.finished();
        for (const item of context.params.items.filter((candidate) => !finished.has(candidate))) {
          worked.push(item);
          await context.item(item, 'ok');
        }
      },
    });
    await jobs.start();
    expect(await until(id, (job) => job.state === 'done')).toMatchObject({ attempts: 2, progress_done: 3 });
    expect(worked).toEqual(['b', 'c']);
  });

  it('frees at start what this instance held when it died, without waiting for the lease', async () => {
    const id = await enqueue(queue('unused'), ['a']);
    await db().execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'restarted', locked_until = now() + interval '1 hour' where id = ${id}`,
    );
    const jobs = queue('restarted');
    jobs.define('inactive_scan', { params: itemsParams, run: (context) => context.item('a', 'ok') });
    await jobs.start();
    expect(await until(id, (job) => job.state === 'done')).toMatchObject({ attempts: 2, progress_done: 1 });
  });

  it('counts an item once when it goes from queued (box offline) to done', async () => {
    const jobs = queue('one');
    jobs.define('inactive_scan', {
      params: itemsParams,
      async run(context) {
        await context.item('a', 'queued');
        await context.item('a', 'running');
        await context.item('a', 'ok', {}, db());
      },
    });
    await jobs.start();
    const id = await enqueue(jobs, ['a']);
    jobs.wake();
    expect(await until(id, (job) => job.state === 'done')).toMatchObject({ progress_done: 1 });
  });

  it('stops a running job that is cancelled, and gives a running job back, as it was, when the server closes', async () => {
    let started!: (context: JobContext<unknown>) => void;
    const running = new Promise<JobContext<unknown>>((resolve) => (started = resolve));
    const jobs = queue('one');
    jobs.define('inactive_scan', {
      params: itemsParams,
      run: (context) =>
        new Promise((resolve) => {
          started(context);
          context.signal.addEventListener('abort', () => resolve({ stopped: String(context.signal.reason) }));
        }),
    });
    await jobs.start();
    const cancelled = await enqueue(jobs, ['a']);
    jobs.wake();
    await running;
    await db().execute(sql`update jobs set cancel_requested = true where id = ${cancelled}`);
    expect(await until(cancelled, (job) => job.state === 'cancelled')).toMatchObject({ locked_by: null });

    const closing = await enqueue(jobs, ['a']);
    jobs.wake();
    await until(closing, (job) => job.state === 'running');
    await jobs.close();
    expect(await jobOf(closing)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
  });

  it('fails a job whose stored parameters this release cannot read', async () => {
    const failures: { id: number; error: string }[] = [];
    const jobs = queue('one', (job) => failures.push(job));
    jobs.define('inactive_scan', { params: itemsParams, run: () => Promise.resolve() });
    await jobs.start();
    const id = await jobs.enqueue(db(), { kind: 'inactive_scan', params: { items: 'not a list' }, actor: { user: root, ip: '', language: 'zh' } });
    jobs.wake();
    expect(await until(id, (job) => job.state === 'failed')).toMatchObject({ attempts: 1 });
    expect(failures).toHaveLength(1);
  });
});
