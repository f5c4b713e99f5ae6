/**
 * Answers of expensive reads that people repeat (a list's total while they page through it, the
 * dashboard's status counts that every open console polls), kept for a few seconds per key; the
 * asks for a key that arrive while its query runs share that query. Counting every device of a
 * CK costs milliseconds of database time, the page itself a fraction of one: under load the
 * totals would otherwise be most of the work. A total may be `ttlMs` old, which for a list whose
 * rows change live anyway (WebSocket) nobody can tell from a count taken a moment earlier.
 */
export function createRecentAnswers<T>(options: { ttlMs: number; maxEntries: number; clock?: () => number }) {
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, { at: number; answer: Promise<T> }>();

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock();
      const entry = entries.get(key);
      if (entry && now - entry.at < options.ttlMs) return entry.answer;
      const answer = load();
      entries.delete(key);
      entries.set(key, { at: now, answer });
      // Oldest first: a Map iterates in insertion order.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      // A failed query is not an answer to keep.
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      return answer;
    },

    /** Drops the answers whose key matches: what they depend on changed. */
    forget(matches: (key: string) => boolean): void {
      for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    },
  };
}
