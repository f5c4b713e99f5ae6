import type { JobItemState, JobKind, Language } from '@cloudbox/domain';
import type { z } from 'zod';
import type { Executor } from '../db/index.js';
import type { UserRow } from '../db/schema.js';

/** Who started a job: the job acts (and writes the operation log) as that request would have. */
export interface JobActor {
  userId: number | null;
  username: string;
  ip: string;
  language: Language;
}

/** An item's result as an earlier attempt left it. */
export interface FinishedItem {
  state: JobItemState;
  detail: Record<string, unknown>;
}

/** What a job's `run` gets: its parameters, who started it, and the calls that record its items. */
export interface JobContext<P> {
  readonly id: number;
  readonly kind: JobKind;
  readonly params: P;
  readonly actor: JobActor;
  /** 1 on the first run; more when the job was taken up again (a restart, a failure). */
  readonly attempt: number;
  /**
   * Aborted when the job is cancelled, when this worker lost its lease (another took the job) or when
   * the server closes: stop at the next item (what is recorded stays; a later attempt resumes).
   */
  readonly signal: AbortSignal;
  /** The items an earlier attempt finished (a final state): a resumed job skips them. */
  finished(): Promise<Map<string, FinishedItem>>;
  /** How many items the job has (the progress bar's total). */
  setTotal(total: number, executor?: Executor): Promise<void>;
  /**
   * Records an item's state and detail (an upsert); the first time an item reaches a final state
   * (ok, failed, refused, queued, skipped) it counts towards the progress. Pass the transaction of
   * the item's own change (`tx`) to commit both together: then a resumed job never does it twice.
   */
  item(item: string, state: JobItemState, detail?: Record<string, unknown>, executor?: Executor): Promise<void>;
}

export interface JobDefinition<S extends z.ZodType> {
  /** The parameters as stored; checked again when the job is claimed (a job of an older release fails clearly). */
  params: S;
  /** Does the work; what it returns is the job's summary. A throw fails the attempt (retried with backoff up to the job's maximum). */
  run(context: JobContext<z.output<S>>): Promise<Record<string, unknown> | void>;
  /** Attempts before the job fails for good (default 5). */
  maxAttempts?: number;
}

export interface EnqueueInput {
  kind: JobKind;
  params: Record<string, unknown>;
  actor: { user: Pick<UserRow, 'id' | 'username'>; ip: string; language: Language };
  /** The number of items, when known up front. */
  total?: number;
}

export interface JobQueue {
  /** Registers the kind's work; every kind a job is enqueued with must be defined before `start`. */
  define<S extends z.ZodType>(kind: JobKind, definition: JobDefinition<S>): void;
  /** Stores a job (in the caller's transaction, so it exists exactly when the caller's change does); returns its id. Call `wake` after the commit. */
  enqueue(executor: Executor, input: EnqueueInput): Promise<number>;
  /** A job was enqueued: claim it now rather than at the next poll. */
  wake(): void;
  start(): Promise<void>;
  /** Stops claiming, aborts the running jobs and gives their leases back, so a restart takes them up at once. */
  close(): Promise<void>;
}

/** The caller of a route that starts a job, as `enqueue` takes it (see `requestActor`). */
export type RequestActor = EnqueueInput['actor'] & { user: UserRow };
