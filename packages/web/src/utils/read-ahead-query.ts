import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { READ_AHEAD_TTL_MS, type Arrived } from './request-core';

/**
 * Query options that start the query of `queryKey` from the reply read ahead for it (`take`, once,
 * on mount; `arrivedAhead`): the screen's first render has the data instead of asking on mount and
 * rendering again when it comes, and that data is fresh for as long as a read ahead waits, so it is
 * not asked for twice. Another key (the user changed the filters) starts as usual.
 */
export function useReadAheadStart<T>(queryKey: QueryKey, take: () => Arrived<T> | undefined) {
  const [first] = useState(() => ({ hash: hashKey(queryKey), arrived: take() }));
  const { arrived } = first;
  if (!arrived || hashKey(queryKey) !== first.hash) return {};
  return {
    initialData: arrived.data,
    initialDataUpdatedAt: arrived.at,
    staleTime: (query: { state: { dataUpdatedAt: number } }) => (query.state.dataUpdatedAt === arrived.at ? READ_AHEAD_TTL_MS : 0),
  };
}
