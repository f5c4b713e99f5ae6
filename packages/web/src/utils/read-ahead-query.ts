import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { READ_AHEAD_TTL_MS, type Arrived } from './request-core';

/**
 * A query's data is fresh while it is still the reply read ahead it started from (initial data
 * counts no update), for as long as a read ahead waits: no observer asks for it again on mount
 * (the screen and its header both read the device). Data fetched or patched since is stale at once,
 * as every query's.
 */
export const readAheadStaleTime = (query: { state: { dataUpdateCount: number } }) => (query.state.dataUpdateCount === 0 ? READ_AHEAD_TTL_MS : 0);

/**
 * Query options that start the query of `queryKey` from the reply read ahead for it (`take`, once,
 * on mount; `arrivedAhead`): the screen's first render has the data instead of asking on mount and
 * rendering again when it comes. Another key (the user changed the filters) starts as usual. Every
 * observer of such a query takes these options, so that none asks again for the data it started from.
 */
export function useReadAheadStart<T>(queryKey: QueryKey, take: () => Arrived<T> | undefined) {
  const [first] = useState(() => ({ hash: hashKey(queryKey), arrived: take() }));
  const { arrived } = first;
  if (!arrived || hashKey(queryKey) !== first.hash) return { staleTime: readAheadStaleTime };
  return { initialData: arrived.data, initialDataUpdatedAt: arrived.at, staleTime: readAheadStaleTime };
}
