import type { RealtimeEvent } from '@cloudbox/domain';
import { useEffect, useRef } from 'react';
import { realtimeClient } from './client';

/** Calls `listener` with every live event while the component is mounted. */
export function useRealtimeEvents(listener: (event: RealtimeEvent) => void): void {
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  useEffect(() => realtimeClient().subscribe((event) => current.current(event)), []);
}

/** Receives `values` events of these boxes while mounted. */
export function useWatchedBoxes(boxes: readonly string[]): void {
  const key = boxes.join(',');
  useEffect(() => (key ? realtimeClient().watch(key.split(',')) : undefined), [key]);
}
