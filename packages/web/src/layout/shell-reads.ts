import { useEffect, useState } from 'react';

/**
 * Whether the console's own reads (the header's counts, the unread notifications) may go out:
 * false in the first render of the component, true a task later. The open screen renders in the
 * same first commit and its queries start in that commit's effects, so they are requested first,
 * right after the user's info (ARCHITECTURE.md, "The opened screen first").
 */
export function useShellReadsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
