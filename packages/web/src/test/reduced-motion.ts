const original = window.matchMedia;

/**
 * The system's reduced-motion setting as a test sets it: `window.matchMedia` answers it for
 * `(prefers-reduced-motion: reduce)` (and as before for any other query); `set` flips it, telling the
 * listeners as a browser does. `restoreMatchMedia` (after each test) puts the original back.
 */
export function systemReducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => (query === '(prefers-reduced-motion: reduce)' ? list : original(query))) as typeof window.matchMedia;
  return {
    set(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

export function restoreMatchMedia(): void {
  window.matchMedia = original;
}
