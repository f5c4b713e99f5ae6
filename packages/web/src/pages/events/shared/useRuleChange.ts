import type { Envelope } from '@cloudbox/domain';
import { useChange } from '../../../utils/use-change';

/** Runs a change of event rules (`useChange`), reading every rule list again (the list screen and a type's rules); answers its data. */
export function useRuleChange() {
  const run = useChange([['event-rules']]);
  return async <T>(change: () => Promise<Envelope<T>>): Promise<T | undefined> => (await run(change))?.data;
}
