import type { DeviceItem, DeviceState } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { listDevices } from '../../api/devices';
import { useRealtimeEvents } from '../../realtime/hooks';
import { nextState, worstState } from '../DeviceStatus/status';
import type { MapPoint } from './cluster';

const PAGE_SIZE = 500;
const PARALLEL = 4;

export interface FleetBox extends MapPoint {
  online: boolean;
  /** The states of its controllers, by station. */
  controllers: Map<number, { status: DeviceState; alert: boolean; fault: boolean }>;
  ownerUnit: string;
  city: string;
}

/** Boxes with a position, from device rows (one per controller): each box shows its worst controller. */
export function boxesOf(items: readonly DeviceItem[]): FleetBox[] {
  const boxes = new Map<string, FleetBox>();
  for (const item of items) {
    const { latitude, longitude } = item.location;
    if (latitude === null || longitude === null) continue;
    let box = boxes.get(item.box_id);
    if (!box) {
      box = {
        id: item.box_id,
        latitude,
        longitude,
        state: item.status,
        name: item.owner_unit || item.box_id,
        online: item.online,
        controllers: new Map(),
        ownerUnit: item.owner_unit,
        city: item.location.city,
      };
      boxes.set(item.box_id, box);
    }
    if (item.controller_id !== null) box.controllers.set(item.controller_id, { status: item.status, alert: item.alert, fault: item.fault });
    box.state = worstState([box.state, item.status]);
  }
  return [...boxes.values()];
}

/** A box after its connection changed: each controller keeps its alert/fault axis. */
export function withConnection(box: FleetBox, online: boolean): FleetBox {
  const controllers = new Map(
    [...box.controllers].map(([station, controller]) => [station, { ...controller, status: nextState({ ...controller, online: box.online }, { online }) }]),
  );
  const states = [...controllers.values()].map((controller) => controller.status);
  return { ...box, online, controllers, state: states.length > 0 ? worstState(states) : online ? 'online' : 'offline' };
}

/** A box after an alert or fault record of one of its controllers opened. */
export function withRecord(box: FleetBox, station: number, severity: 'alert' | 'fault'): FleetBox {
  const controller = box.controllers.get(station);
  if (!controller) return box;
  const changed = { ...controller, [severity]: true };
  const controllers = new Map(box.controllers).set(station, { ...changed, status: nextState({ ...controller, online: box.online }, { [severity]: true }) });
  return { ...box, controllers, state: worstState([...controllers.values()].map((entry) => entry.status)) };
}

/**
 * Every box the user may see, with its position and worst state, read page by page (several pages
 * at a time, with progress), then kept current by live status events.
 */
export function useFleet(active = true) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const fleet = useQuery({
    queryKey: ['devices', 'fleet'],
    staleTime: 60_000,
    // Closed fault records are only known from a fresh read.
    refetchInterval: active ? 2 * 60_000 : false,
    queryFn: async () => {
      const first = await listDevices({ page: 1, page_size: PAGE_SIZE });
      const items = [...first.items];
      const pages = Math.ceil(first.total / PAGE_SIZE);
      setProgress({ loaded: items.length, total: first.total });
      for (let start = 2; start <= pages; start += PARALLEL) {
        const batch = Array.from({ length: Math.min(PARALLEL, pages - start + 1) }, (_, index) => listDevices({ page: start + index, page_size: PAGE_SIZE }));
        for (const page of await Promise.all(batch)) items.push(...page.items);
        setProgress({ loaded: items.length, total: first.total });
      }
      setProgress(null);
      return boxesOf(items);
    },
  });

  const pending = useRef(new Map<string, { online?: boolean; opened?: { station: number; severity: 'alert' | 'fault' } }>());
  const frame = useRef<number | null>(null);
  useRealtimeEvents((event) => {
    if (!active) return;
    if (event.type === 'status') pending.current.set(event.box_id, { ...pending.current.get(event.box_id), online: event.online });
    else if (event.type === 'fault' && event.state === 'opened')
      pending.current.set(event.box_id, { ...pending.current.get(event.box_id), opened: { station: event.controller_id, severity: event.record.severity } });
    else return;
    frame.current ??= requestAnimationFrame(() => {
      frame.current = null;
      const changes = new Map(pending.current);
      pending.current.clear();
      queryClient.setQueryData<FleetBox[]>(['devices', 'fleet'], (boxes) =>
        boxes?.map((box) => {
          const change = changes.get(box.id);
          if (!change) return box;
          const opened = change.opened ? withRecord(box, change.opened.station, change.opened.severity) : box;
          return change.online !== undefined && change.online !== opened.online ? withConnection(opened, change.online) : opened;
        }),
      );
    });
  });

  return { boxes: fleet.data, isLoading: fleet.isLoading, progress, refetch: fleet.refetch };
}

/** How many boxes are in each state. */
export function stateCounts(boxes: readonly Pick<MapPoint, 'state'>[] | undefined): Partial<Record<DeviceState, number>> {
  const counts: Partial<Record<DeviceState, number>> = {};
  for (const box of boxes ?? []) counts[box.state] = (counts[box.state] ?? 0) + 1;
  return counts;
}
