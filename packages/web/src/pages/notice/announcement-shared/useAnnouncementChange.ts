import type { Envelope } from '@cloudbox/domain';
import { useChange } from '../../../utils/use-change';

/** Runs a change of announcements (`useChange`), reading every announcement list again; answers its data. */
export function useAnnouncementChange() {
  const run = useChange([['announcements']]);
  return async <T>(change: () => Promise<Envelope<T>>, onError?: (error: unknown) => void): Promise<T | undefined> => (await run(change, onError))?.data;
}
