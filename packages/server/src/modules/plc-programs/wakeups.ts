/** What woke a waiting delivery. */
export type Wake = 'answer' | 'back' | 'tick' | 'aborted';

type Waiters = Map<string, Set<(wake: Wake) => void>>;

function wakeAll(waiters: Waiters, key: string, wake: Wake): void {
  for (const resolve of waiters.get(key) ?? []) resolve(wake);
}

/**
 * The senders of this instance waiting for an answer of a delivery, and for a box to come back:
 * the box's answers and its return wake them at once instead of at their next poll.
 */
export function createWakeups() {
  const answerWaiters: Waiters = new Map();
  const boxWaiters: Waiters = new Map();

  return {
    /** Resolves on a wake of the delivery or its box, after `ms`, or when the signal aborts. */
    wait(row: { id: string; boxId: string }, ms: number, signal: AbortSignal): Promise<Wake> {
      if (signal.aborted) return Promise.resolve('aborted');
      return new Promise((resolve) => {
        const done = (wake: Wake) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          answerWaiters.get(row.id)?.delete(done);
          boxWaiters.get(row.boxId)?.delete(done);
          resolve(wake);
        };
        const onAbort = () => done('aborted');
        const timer = setTimeout(() => done('tick'), ms);
        signal.addEventListener('abort', onAbort, { once: true });
        for (const [waiters, key] of [
          [answerWaiters, row.id],
          [boxWaiters, row.boxId],
        ] as const) {
          if (!waiters.has(key)) waiters.set(key, new Set());
          waiters.get(key)!.add(done);
        }
      });
    },

    /** The box answered a step of the delivery. */
    answered(deliveryId: string): void {
      wakeAll(answerWaiters, deliveryId, 'answer');
    },

    /** The box is back and listening. */
    back(boxId: string): void {
      wakeAll(boxWaiters, boxId, 'back');
    },
  };
}
