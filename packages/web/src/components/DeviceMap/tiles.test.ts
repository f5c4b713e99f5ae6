import { describe, expect, it } from 'vitest';
import { MERCATOR, tileConfig, tileUrl, visibleTiles } from './tiles';

describe('optional map tiles', () => {
  it('are off unless a tile URL is configured', () => {
    expect(tileConfig({})).toBeNull();
    expect(tileConfig({ VITE_MAP_TILE_URL: 'https://{s}.t.example/{z}/{x}/{y}.png?k={key}', VITE_MAP_KEY: 'k 1', VITE_MAP_TILE_SUBDOMAINS: 'ab' })).toEqual({
      template: 'https://{s}.t.example/{z}/{x}/{y}.png?k={key}',
      key: 'k 1',
      subdomains: 'ab',
    });
  });

  it('fill the template with zoom, column, row, subdomain and the key', () => {
    expect(tileUrl({ template: 'https://{s}.t/{z}/{x}/{y}.png?k={key}', key: 'a b', subdomains: 'ab' }, { z: 5, x: 26, y: 12 })).toBe(
      'https://a.t/5/26/12.png?k=a%20b',
    );
  });

  it('cover the view with at most 64 tiles whose edges contain it', () => {
    const view = { west: 73, east: 135, south: 18, north: 54 };
    const tiles = visibleTiles(view, 1200);
    expect(tiles.length).toBeLessThanOrEqual(64);
    expect(Math.min(...tiles.map((tile) => tile.west))).toBeLessThanOrEqual(view.west);
    expect(Math.max(...tiles.map((tile) => tile.east))).toBeGreaterThanOrEqual(view.east);
    expect(Math.max(...tiles.map((tile) => tile.north))).toBeGreaterThanOrEqual(view.north);
  });

  it('project and unproject Web Mercator consistently', () => {
    const [x, y] = MERCATOR.project([116.4, 39.9]);
    const [longitude, latitude] = MERCATOR.unproject([x!, y!]);
    expect(longitude).toBeCloseTo(116.4);
    expect(latitude).toBeCloseTo(39.9);
  });
});
