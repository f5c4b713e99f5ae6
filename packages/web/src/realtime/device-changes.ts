import type { DeviceState, RealtimeEvent } from '@cloudbox/domain';
import { nextState } from '../components/DeviceStatus/status';

/** A live change of a device: its box's connection, or an alert/fault record that opened. */
export interface DeviceChange {
  online?: boolean;
  alert?: boolean;
  fault?: boolean;
}

export interface LiveDevice {
  box_id: string;
  controller_id: number | null;
  status: DeviceState;
  online: boolean;
  alert: boolean;
  fault: boolean;
}

/**
 * Changes gathered between two frames: connection changes by box, record openings by box and
 * station. A closed record may leave others open, and a socket that just became ready missed
 * what happened before, so those ask for a fresh read instead.
 */
export class DeviceChanges {
  readonly boxes = new Map<string, DeviceChange>();
  readonly controllers = new Map<string, DeviceChange>();
  refetch = false;

  /** Takes an event in; answers whether it concerned device status at all. */
  add(event: RealtimeEvent): boolean {
    // The socket is (again) receiving every change from now on: what changed before it was ready
    // (while the page loaded, or while it reconnected) was never pushed, so read the rows afresh.
    if (event.type === 'ready') {
      this.refetch = true;
      return true;
    }
    if (event.type === 'status') {
      this.boxes.set(event.box_id, { ...this.boxes.get(event.box_id), online: event.online });
      return true;
    }
    if (event.type === 'fault') {
      if (event.state === 'closed') this.refetch = true;
      else {
        const key = `${event.box_id}/${event.controller_id}`;
        this.controllers.set(key, { ...this.controllers.get(key), [event.record.severity]: true });
      }
      return true;
    }
    return false;
  }

  get size(): number {
    return this.boxes.size + this.controllers.size;
  }

  clear(): void {
    this.boxes.clear();
    this.controllers.clear();
    this.refetch = false;
  }

  /** The rows with the changes applied; the same array when none of its rows changed. */
  apply<T extends LiveDevice>(rows: readonly T[]): readonly T[] {
    let changed = false;
    const next = rows.map((row) => {
      const change = { ...this.boxes.get(row.box_id), ...this.controllers.get(`${row.box_id}/${row.controller_id}`) };
      if (Object.keys(change).length === 0 || row.status === 'unregistered') return row;
      const merged = { ...row, ...change };
      if (merged.online === row.online && merged.alert === row.alert && merged.fault === row.fault) return row;
      changed = true;
      return { ...merged, status: nextState(row, change) };
    });
    return changed ? next : rows;
  }
}
