import type { DeviceState } from '@cloudbox/domain';
import { STATE_SEVERITY } from '../DeviceStatus/status';

/** A box on the map: where it is and its worst controller state. */
export interface MapPoint {
  id: string;
  longitude: number;
  latitude: number;
  state: DeviceState;
  name: string;
}

export interface Cluster {
  /** Mean position of its boxes. */
  longitude: number;
  latitude: number;
  count: number;
  state: DeviceState;
  /** One of its boxes (the worst), for the tooltip and for a cluster of one. */
  sample: MapPoint;
}

export interface Bounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** How many grid cells across the visible width: fewer, larger clusters when zoomed out. */
export const CELLS_ACROSS = 24;
/** Above this many visible boxes the map shows clusters instead of points. */
export const CLUSTER_ABOVE = 600;

export function inBounds(point: Pick<MapPoint, 'longitude' | 'latitude'>, bounds: Bounds): boolean {
  return point.longitude >= bounds.west && point.longitude <= bounds.east && point.latitude >= bounds.south && point.latitude <= bounds.north;
}

/**
 * Grid clustering: boxes fall into square cells of `cellDegrees`; each cell becomes one cluster
 * at its boxes' mean position, coloured by the worst state in it. Linear in the number of boxes.
 */
export function clusterPoints(points: readonly MapPoint[], cellDegrees: number): Cluster[] {
  const cells = new Map<string, { lon: number; lat: number; count: number; sample: MapPoint }>();
  for (const point of points) {
    const key = `${Math.floor(point.longitude / cellDegrees)}:${Math.floor(point.latitude / cellDegrees)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.lon += point.longitude;
      cell.lat += point.latitude;
      cell.count++;
      if (STATE_SEVERITY[point.state] > STATE_SEVERITY[cell.sample.state]) cell.sample = point;
    } else {
      cells.set(key, { lon: point.longitude, lat: point.latitude, count: 1, sample: point });
    }
  }
  return [...cells.values()].map((cell) => ({
    longitude: cell.lon / cell.count,
    latitude: cell.lat / cell.count,
    count: cell.count,
    state: cell.sample.state,
    sample: cell.sample,
  }));
}

/** Clusters when many boxes are in view, single points otherwise; the cell follows the visible width. */
export function mapLayer(points: readonly MapPoint[], bounds: Bounds): { kind: 'clusters'; clusters: Cluster[] } | { kind: 'points'; points: MapPoint[] } {
  const visible = points.filter((point) => inBounds(point, bounds));
  if (visible.length <= CLUSTER_ABOVE) return { kind: 'points', points: visible };
  return { kind: 'clusters', clusters: clusterPoints(visible, Math.max(0.01, (bounds.east - bounds.west) / CELLS_ACROSS)) };
}

/** A cluster's symbol grows with the log of its size. */
export function clusterSize(count: number): number {
  return count <= 1 ? 10 : Math.min(56, 18 + Math.log2(count) * 5);
}
