import { getStatusCounts, listDevices } from '../../../api/devices';
import type { ScreenRoute } from '../../../router/screens';
import { filterParams, listParams, parseListSearch } from './filters';

/**
 * Read before the screen mounts on a visit's first page: the list's page and counts the URL asks
 * for, with the same calls as the screen's queries. Apart from the screen's module, so they go out
 * beside the user's info instead of after the table's code has loaded.
 */
export function readAhead({ query }: ScreenRoute): void {
  const state = parseListSearch(query.toString());
  void listDevices(listParams(state));
  void getStatusCounts({ ...filterParams(state), status: undefined });
}
