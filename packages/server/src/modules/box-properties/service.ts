import type { BoxAddress, BoxForm, BoxProperties, BoxPropertyExportQuery, BoxPropertyItem, BoxPropertyQuery, Page } from '@cloudbox/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows, transactionRetryingConflicts } from '../../db/sql.js';
import { boxes, controllers, users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { createBoxAudit } from '../boxes/audit.js';
import type { BoxService } from '../boxes/service.js';
import { exportDate } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { createBoxMaintenance } from './maintenance.js';
import { mayEditBoxForm } from '../../access/scope.js';
import { propertyCount, propertyRows, type BoxPropertyRow } from './sql.js';

export interface BoxPropertyDeps {
  db: Db;
  policy: DevicePolicy;
  oplog: Pick<OperationLogService, 'record' | 'recordEach'>;
  boxes: Pick<BoxService, 'remove'>;
  /** A box's facts changed: every instance forgets what it kept of it. */
  boxChanged(boxId: string): void;
  /** These controllers' fault records went: the ingest forgets their rule state. */
  controllersReset(ids: number[]): void;
  /** What these users may see changed: their scopes and browsers are refreshed. */
  scopesChanged(userIds: number[]): void;
  now: () => Date;
}

export type SignedInActor = Actor & { user: UserRow };
export type BoxPropertyService = ReturnType<typeof createBoxPropertyService>;

/** Rows per query while the property export streams. */
const EXPORT_BATCH_ROWS = 1000;

function itemOf(row: BoxPropertyRow): BoxPropertyItem {
  return { ...row, latitude: row.latitude === null ? null : Number(row.latitude), longitude: row.longitude === null ? null : Number(row.longitude) };
}

/**
 * The properties of boxes (the device edit form, the box property list, the box address) and
 * their maintenance (CK moves, abandoned boxes, fault records). Every change is audited in its
 * transaction through the operation log service.
 */
export function createBoxPropertyService(deps: BoxPropertyDeps) {
  const { db, policy } = deps;
  const audit = createBoxAudit(deps.oplog);

  /** The box the caller may see, or 404 (a box out of sight is not confirmed to exist). */
  async function visible(user: Person, id: string) {
    const [box] = await db.select().from(boxes).where(eq(boxes.id, id));
    if (!box || !(await policy.access(user, { id, ck: box.ck }))) throw ApiError.notFound('boxNotFound');
    return box;
  }

  /** Stations the box does not have, refused before anything changes. */
  async function checkStations(id: string, form: BoxForm): Promise<void> {
    const wanted = form.device_numbers ?? [];
    if (wanted.length === 0) return;
    const rows = await db.select({ station: controllers.station }).from(controllers).where(eq(controllers.boxId, id));
    const known = new Set(rows.map((row) => row.station));
    const problems = wanted.flatMap((entry, index) =>
      known.has(entry.station)
        ? []
        : [{ field: `device_numbers.${index}.station`, key: 'boxPropertiesStationUnknown' as const, params: { station: entry.station } }],
    );
    if (problems.length > 0) throw ApiError.invalidInput(problems);
  }

  async function properties(user: UserRow, id: string): Promise<BoxProperties> {
    const box = await visible(user, id);
    const [owner] = box.ownerId === null ? [] : await db.select({ username: users.username }).from(users).where(eq(users.id, box.ownerId));
    const bus = await db.select().from(controllers).where(eq(controllers.boxId, id)).orderBy(asc(controllers.station));
    return {
      id: box.id,
      ck: box.ck,
      model: box.model,
      owner_unit: box.ownerUnit,
      province: box.province,
      city: box.city,
      district: box.district,
      street: box.street,
      latitude: box.latitude,
      longitude: box.longitude,
      contact: box.contact,
      phone: box.phone,
      remark: box.remark,
      owner: owner?.username ?? null,
      registered_at: box.registeredAt.toISOString(),
      controllers: bus.map((row) => ({ station: row.station, device_type: row.deviceTypeId, device_number: row.deviceNumber })),
      editable: mayEditBoxForm(user, box),
    };
  }

  return {
    properties,

    /** The device edit form: root, the CK's limited admin and the box's owner; audited (edit_box). */
    async edit(actor: SignedInActor, id: string, form: BoxForm): Promise<BoxProperties> {
      const box = await visible(actor.user, id);
      if (!mayEditBoxForm(actor.user, box)) throw ApiError.forbidden();
      await checkStations(id, form);
      const { device_numbers: deviceNumbers, owner_unit: ownerUnit, ...facts } = form;
      await transactionRetryingConflicts(db, (tx) =>
        audit.edit(tx, actor, id, async () => {
          await tx
            .update(boxes)
            .set({ ...facts, ownerUnit })
            .where(eq(boxes.id, id));
          for (const entry of deviceNumbers ?? [])
            await tx
              .update(controllers)
              .set({ deviceNumber: entry.device_number })
              .where(and(eq(controllers.boxId, id), eq(controllers.station, entry.station)));
        }),
      );
      deps.boxChanged(id);
      return properties(actor.user, id);
    },

    /** The box's address and coordinates (box-address, root); audited (edit_box). */
    async setAddress(actor: SignedInActor, id: string, address: BoxAddress): Promise<BoxProperties> {
      await visible(actor.user, id);
      await transactionRetryingConflicts(db, (tx) => audit.edit(tx, actor, id, () => tx.update(boxes).set(address).where(eq(boxes.id, id))));
      deps.boxChanged(id);
      return properties(actor.user, id);
    },

    /** The box property list (root: every CK), filtered and paged. */
    async list(query: BoxPropertyQuery): Promise<Page<BoxPropertyItem>> {
      const [count] = await queryRows<{ total: number }>(db, propertyCount(query));
      const rows = await queryRows<BoxPropertyRow>(db, propertyRows(query, query.page_size, (query.page - 1) * query.page_size));
      return { total: count?.total ?? 0, items: rows.map(itemOf) };
    },

    exportDate: (user: Person) => exportDate(db, user, deps.now()),

    /** Every box of the list's filters, counted first, then a batch at a time. */
    async exportRows(_user: Person, _language: unknown, query: BoxPropertyExportQuery): Promise<ExportRows<BoxPropertyItem>> {
      const [count] = await queryRows<{ total: number }>(db, propertyCount(query));
      const total = count?.total ?? 0;
      const batches = async function* () {
        for (let offset = 0; offset < total; offset += EXPORT_BATCH_ROWS) {
          const rows = await queryRows<BoxPropertyRow>(db, propertyRows(query, EXPORT_BATCH_ROWS, offset));
          if (rows.length === 0) return;
          yield rows.map(itemOf);
        }
      };
      return { rows: total, batches: batches() };
    },

    ...createBoxMaintenance({ ...deps, visible }),
  };
}
