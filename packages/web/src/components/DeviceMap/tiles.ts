import type { Bounds } from './cluster';

/**
 * An optional raster tile layer under the offline base map. Off unless the build sets
 * `VITE_MAP_TILE_URL` (an XYZ template: `https://{s}.tiles.example/{z}/{x}/{y}.png?key={key}`),
 * with `VITE_MAP_KEY` for `{key}` and `VITE_MAP_TILE_SUBDOMAINS` (e.g. `abc`) for `{s}`.
 * With tiles the map uses the Web Mercator projection so that they line up.
 */
export interface TileConfig {
  template: string;
  key: string;
  subdomains: string;
}

export function tileConfig(env: Record<string, string | undefined> = import.meta.env): TileConfig | null {
  const template = env.VITE_MAP_TILE_URL?.trim();
  return template ? { template, key: env.VITE_MAP_KEY ?? '', subdomains: env.VITE_MAP_TILE_SUBDOMAINS ?? '' } : null;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
  west: number;
  east: number;
  north: number;
  south: number;
}

const MAX_LATITUDE = 85.0511;
const MAX_TILES = 64;

export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

export function inverseMercatorY(y: number): number {
  return (Math.atan(Math.exp(y)) * 360) / Math.PI - 90;
}

/** The ECharts geo projection matching the tiles. */
export const MERCATOR = {
  project: ([longitude, latitude]: number[]) => [longitude!, -mercatorY(latitude!) * (180 / Math.PI)],
  unproject: ([x, y]: number[]) => [x!, inverseMercatorY((-y! * Math.PI) / 180)],
};

function tileX(longitude: number, z: number): number {
  return Math.floor(((longitude + 180) / 360) * 2 ** z);
}

function tileY(latitude: number, z: number): number {
  return Math.floor(((1 - mercatorY(latitude) / Math.PI) / 2) * 2 ** z);
}

function tileBounds(z: number, x: number, y: number): Pick<Tile, 'west' | 'east' | 'north' | 'south'> {
  const n = 2 ** z;
  const latitude = (row: number) => inverseMercatorY(Math.PI * (1 - (2 * row) / n));
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: latitude(y), south: latitude(y + 1) };
}

/** The tiles covering the view at the zoom whose tiles are about 256 px wide on screen (at most 64). */
export function visibleTiles(bounds: Bounds, widthPx: number): Tile[] {
  const span = Math.max(1e-6, bounds.east - bounds.west);
  let z = Math.max(1, Math.min(18, Math.round(Math.log2((360 * widthPx) / (256 * span)))));
  for (;;) {
    const [x0, x1] = [tileX(bounds.west, z), tileX(bounds.east, z)];
    const [y0, y1] = [tileY(bounds.north, z), tileY(bounds.south, z)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= MAX_TILES || z === 1) {
      const tiles: Tile[] = [];
      const last = 2 ** z - 1;
      for (let x = Math.max(0, x0); x <= Math.min(last, x1); x++)
        for (let y = Math.max(0, y0); y <= Math.min(last, y1); y++) tiles.push({ z, x, y, ...tileBounds(z, x, y) });
      return tiles;
    }
    z--;
  }
}

export function tileUrl(config: TileConfig, tile: Pick<Tile, 'z' | 'x' | 'y'>): string {
  const subdomain = config.subdomains ? config.subdomains[(tile.x + tile.y) % config.subdomains.length]! : '';
  return config.template
    .replace('{s}', subdomain)
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y))
    .replace('{key}', encodeURIComponent(config.key));
}
