/**
 * Answers of expensive reads that people repeat (a list's order while they page through it, the
 * dashboard's status counts that every open console polls), kept for a few seconds per key; the
 * asks for a key that arrive while its query runs share that query. Ordering or counting every
 * device of a CK costs milliseconds of database time, fetching one page of it a fraction of one:
 * under load the whole-list reads would otherwise be most of the work. An answer may be `ttlMs`
 * old, which for a list whose rows change live anyway (WebSocket) nobody can tell from one taken
 * a moment earlier.
 *
 * An answer belongs to the user it was read for: the key is the user and what else the answer
 * depends on (filters, language, the clock's window), and each user's keys are indexed, so that
 * `forgetUsers` drops exactly the answers of users whose devices changed.
 *
 * `maxWeight` with `weigh` bounds what large answers (lists of ids) hold together: past it the
 * oldest answers are dropped, as past `maxEntries`.
 */
export function createRecentAnswers<T>(options: {
  ttlMs: number;
  maxEntries: number;
  maxWeight?: number;
  weigh?: (answer: T) => number;
  clock?: () => number;
}) {
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, { userId: number; at: number; answer: Promise<T>; weight: number }>();
  const keysOfUser = new Map<number, Set<string>>();
  let totalWeight = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOfUser.delete(entry.userId);
  }

  /**
   * Oldest first: a Map iterates in insertion order, and an answer is inserted anew whenever it is
   * loaded, so the oldest entries are the first to expire. Expired answers go at once (kept until
   * `maxEntries` newer ones pushed them out, they held the heap of thousands of unusable answers).
   */
  function evict(now: number): void {
    for (const [key, entry] of entries) {
      const expired = now - entry.at >= options.ttlMs;
      const over = entries.size > options.maxEntries || (options.maxWeight !== undefined && totalWeight > options.maxWeight && entries.size > 1);
      if (!expired && !over) break;
      drop(key);
    }
  }

  return {
    /** The user's answer for what else it depends on (`dependsOn`, compared by value), reused or loaded. */
    get(userId: number, dependsOn: readonly unknown[], load: () => Promise<T>): Promise<T> {
      const key = JSON.stringify([userId, ...dependsOn]);
      const now = clock();
      const cached = entries.get(key);
      if (cached && now - cached.at < options.ttlMs) return cached.answer;
      const answer = load();
      drop(key);
      const entry = { userId, at: now, answer, weight: 0 };
      entries.set(key, entry);
      let keys = keysOfUser.get(userId);
      if (!keys) keysOfUser.set(userId, (keys = new Set()));
      keys.add(key);
      evict(now);
      answer.then(
        (value) => {
          if (entries.get(key) !== entry || !options.weigh) return;
          entry.weight = options.weigh(value);
          totalWeight += entry.weight;
          evict(clock());
        },
        // A failed query is not an answer to keep.
        () => {
          if (entries.get(key) === entry) drop(key);
        },
      );
      return answer;
    },

    /** How many answers are held (expired ones included until the next one is kept). */
    size(): number {
      return entries.size;
    },

    /** Drops every answer of these users: what they may see changed. */
    forgetUsers(userIds: readonly number[]): void {
      for (const userId of userIds) for (const key of [...(keysOfUser.get(userId) ?? [])]) drop(key);
    },
  };
}
