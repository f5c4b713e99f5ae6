import { eq, sql } from 'drizzle-orm';
import { batchedLookup } from '../db/batched-lookup.js';
import type { Db } from '../db/index.js';
import { boxes, ckCodes, controllers } from '../db/schema.js';
import { textArray } from '../db/sql.js';
import { loadDeviceTypes, type DeviceTypeModel } from './device-types.js';

export interface RegisteredController {
  /** controllers.id: the key of samples, rollups, latest values and fault records. */
  id: number;
  station: number;
  deviceType: DeviceTypeModel;
}

export interface RegisteredBox {
  id: string;
  ck: string;
  /** The CK's zone: where its daily buckets start. */
  timeZone: string;
  secretHash: string;
  controllers: Map<number, RegisteredController>;
}

const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** Another instance may have changed a box; the bus tells us at once, this only bounds a missed message. */
const BOX_TTL_MS = 60_000;
/** Unknown ids are remembered briefly, so a box hammering with a wrong id costs one query per interval. */
const UNKNOWN_TTL_MS = 10_000;

export type Registry = ReturnType<typeof createRegistry>;

/**
 * What ingest needs to know about a box for every message, cached: its CK and zone, its secret's
 * hash and its controllers with their device types. Box and device type changes invalidate it.
 */
export function createRegistry(db: Db) {
  let deviceTypes = new Map<string, DeviceTypeModel>();
  const cache = new Map<string, { box: RegisteredBox | null; loadedAt: number }>();
  const loading = new Map<string, Promise<RegisteredBox | null>>();

  /** The boxes of these ids that are registered, by id. */
  async function loadMany(ids: string[]): Promise<Map<string, RegisteredBox>> {
    const rows = await db
      .select({
        id: boxes.id,
        ck: boxes.ck,
        timeZone: ckCodes.timeZone,
        secretHash: boxes.secretHash,
        controllerId: controllers.id,
        station: controllers.station,
        deviceTypeId: controllers.deviceTypeId,
      })
      .from(boxes)
      .innerJoin(ckCodes, eq(ckCodes.code, boxes.ck))
      .leftJoin(controllers, eq(controllers.boxId, boxes.id))
      .where(sql`${boxes.id} = any(${textArray(ids)}::text[])`);
    const missingTypes = rows.some((row) => row.deviceTypeId !== null && !deviceTypes.has(row.deviceTypeId));
    if (missingTypes) deviceTypes = await loadDeviceTypes(db);
    const found = new Map<string, RegisteredBox>();
    for (const row of rows) {
      let box = found.get(row.id);
      if (!box) {
        box = { id: row.id, ck: row.ck, timeZone: validZone(row.timeZone), secretHash: row.secretHash, controllers: new Map() };
        found.set(row.id, box);
      }
      const deviceType = row.deviceTypeId === null ? undefined : deviceTypes.get(row.deviceTypeId);
      if (row.controllerId === null || row.station === null || !deviceType) continue;
      box.controllers.set(row.station, { id: row.controllerId, station: row.station, deviceType });
    }
    return found;
  }
  // Boxes connecting at once (a restart, a network back) are loaded together.
  const load = batchedLookup(loadMany);

  return {
    async start(): Promise<void> {
      deviceTypes = await loadDeviceTypes(db);
    },

    /** The registered box, or null when there is none with this id. */
    async box(id: string): Promise<RegisteredBox | null> {
      const cached = cache.get(id);
      const ttl = cached?.box ? BOX_TTL_MS : UNKNOWN_TTL_MS;
      if (cached && Date.now() - cached.loadedAt < ttl) return cached.box;
      let pending = loading.get(id);
      if (!pending) {
        pending = load(id)
          .then((box) => box ?? null)
          .finally(() => loading.delete(id));
        loading.set(id, pending);
        const box = await pending;
        cache.set(id, { box, loadedAt: Date.now() });
        return box;
      }
      return pending;
    },

    deviceType(id: string): DeviceTypeModel | undefined {
      return deviceTypes.get(id);
    },

    /** A box was registered, edited, rotated or deleted (here or on another instance). */
    forgetBox(id: string): void {
      cache.delete(id);
    },

    /** Any box may have changed (the bus missed messages): each is loaded again when next needed. */
    forgetBoxes(): void {
      cache.clear();
    },

    /**
     * Device types, registers or rules changed (here or on another instance): reload them, and point
     * the cached boxes' controllers at the new models, so the next message decodes with them
     * without reloading any box.
     */
    async reloadDeviceTypes(): Promise<void> {
      deviceTypes = await loadDeviceTypes(db);
      for (const { box } of cache.values()) {
        for (const controller of box?.controllers.values() ?? []) {
          const reloaded = deviceTypes.get(controller.deviceType.id);
          if (reloaded) controller.deviceType = reloaded;
          else box!.controllers.delete(controller.station);
        }
      }
    },
  };
}

/** Zones already checked: building a formatter to check one cost more than the rest of a box's load. */
const checkedZones = new Map<string, string>();

/** A CK whose zone the runtime does not know falls back to the default rather than failing every batch. */
function validZone(zone: string): string {
  let valid = checkedZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = zone;
    } catch {
      valid = DEFAULT_TIME_ZONE;
    }
    checkedZones.set(zone, valid);
  }
  return valid;
}
