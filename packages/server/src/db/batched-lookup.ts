/** Keys one query takes at most: a statement's array parameter stays small. */
const MAX_KEYS = 1000;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * One query for many keys asked at about the same time: a key asked while a query is on its way
 * waits for the next one, which takes every key asked meanwhile (up to MAX_KEYS). A lone key costs
 * one query, as before; ten thousand boxes connecting at once cost about 1,300, not ten thousand
 * (each query is a round trip, and on the fleet's connect storm the writes of single-box queries
 * to PostgreSQL were a quarter of the server's busy time: BENCHMARKS.md, issue 17).
 *
 * `loadMany` answers what it found by key; a key it did not find resolves to undefined. When it
 * fails, every key of that query is rejected with its error.
 */
export function batchedLookup<V>(loadMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>): (key: string) => Promise<V | undefined> {
  const waiting = new Map<string, Waiter<V>[]>();
  let busy = false;

  async function run(): Promise<void> {
    const batch = [...waiting].slice(0, MAX_KEYS);
    for (const [key] of batch) waiting.delete(key);
    try {
      const found = await loadMany(batch.map(([key]) => key));
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
    }
    if (waiting.size > 0) void run();
    else busy = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (busy) return;
      busy = true;
      // The keys asked in this turn of the event loop go together.
      setImmediate(() => void run());
    });
}

/** Rows by a key, each group in the rows' order (Map.groupBy comes with Node 21). */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
