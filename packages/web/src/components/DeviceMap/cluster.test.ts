import { describe, expect, it } from 'vitest';
import { CLUSTER_ABOVE, clusterPoints, clusterSize, mapLayer, type MapPoint } from './cluster';

const point = (id: string, longitude: number, latitude: number, state: MapPoint['state'] = 'online'): MapPoint => ({
  id,
  longitude,
  latitude,
  state,
  name: id,
});

describe('map clustering', () => {
  it('gathers the boxes of one grid cell at their mean position with the worst state', () => {
    const clusters = clusterPoints([point('a', 116.1, 39.1), point('b', 116.3, 39.3, 'online_fault'), point('c', 121.4, 31.2)], 1);
    expect(clusters).toHaveLength(2);
    const beijing = clusters.find((cluster) => cluster.count === 2)!;
    expect(beijing.longitude).toBeCloseTo(116.2);
    expect(beijing.latitude).toBeCloseTo(39.2);
    expect(beijing.state).toBe('online_fault');
    expect(beijing.sample.id).toBe('b');
  });

  it('clusters only when many boxes are in view, and only those in view', () => {
    const many = Array.from({ length: CLUSTER_ABOVE + 1 }, (_, index) => point(String(index), 100 + (index % 30), 25 + (index % 15)));
    const wide = { west: 70, east: 140, south: 15, north: 55 };
    const layer = mapLayer(many, wide);
    expect(layer.kind).toBe('clusters');
    if (layer.kind === 'clusters') expect(layer.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(many.length);
    const narrow = mapLayer(many, { west: 100, east: 100.5, south: 24, north: 56 });
    expect(narrow.kind).toBe('points');
  });

  // How fast is the console benchmark's to say (the map of every box, BENCHMARKS.md), not a timed unit test's.
  it('gathers ten thousand boxes over China into fewer than a thousand clusters', () => {
    const fleet = Array.from({ length: 10_000 }, (_, index) => point(String(index), 75 + ((index * 7919) % 6000) / 100, 18 + ((index * 104729) % 3500) / 100));
    const layer = mapLayer(fleet, { west: 70, east: 140, south: 15, north: 55 });
    expect(layer.kind).toBe('clusters');
    expect(layer.kind === 'clusters' && layer.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(10_000);
    expect(layer.kind === 'clusters' && layer.clusters.length).toBeLessThan(1000);
  });

  it('sizes clusters by the log of their count', () => {
    expect(clusterSize(1)).toBe(10);
    expect(clusterSize(2)).toBeLessThan(clusterSize(64));
    expect(clusterSize(1_000_000)).toBe(56);
  });
});
