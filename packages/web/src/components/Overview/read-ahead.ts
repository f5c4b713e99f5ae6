import { getStatusCounts, searchFaults } from '../../api/devices';

/** The newest faults the overview lists. */
export const RECENT_FAULTS = { page: 1, page_size: 20 };

/**
 * The dashboard's reads ahead (router/screens.ts), on a visit's first page and right after signing
 * in, which lands there: the fleet's counts and the newest faults, the calls of `useOverview`'s
 * queries. Apart from them, so they go out beside the user's info instead of once the console
 * shell, the dashboard and ECharts have downloaded.
 */
export function readAheadOverview(): void {
  void getStatusCounts();
  void searchFaults(RECENT_FAULTS);
}
