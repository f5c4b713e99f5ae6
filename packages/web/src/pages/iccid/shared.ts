import type { ExpiryGroup } from '@cloudbox/domain';
import type { QueryKey } from '@tanstack/react-query';

/* What the SIM renewal screens share. */

/**
 * The query keys the screens read and refresh: their own (`iot-card`) and the header's counts
 * (`header-count`, layout/Navbar/HeaderCounts), which a request, a handled or a deleted request changes.
 */
export const IOT_CARD_KEY = ['iot-card'] as const;
export const HEADER_COUNT_KEY = ['header-count'] as const;

/** What a renewal request, or a change of one, makes stale. */
export const RENEWAL_CHANGED: readonly QueryKey[] = [IOT_CARD_KEY, HEADER_COUNT_KEY];

/** How urgent each expiry group looks: expired red, this month orange, next month gold. */
export const EXPIRY_COLORS: Record<ExpiryGroup, string> = { last_month: 'red', this_month: 'orange', next_month: 'gold' };
