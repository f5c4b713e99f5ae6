import {
  credentialOf,
  UPLOAD_MAX_ROWS,
  type AssignTarget,
  type Language,
  type Page,
  type RegistryAssign,
  type RegistryAssignResult,
  type RegistryExportQuery,
  type RegistryItem,
  type RegistryQuery,
  type RegistryUploadResult,
} from '@cloudbox/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { boxes, ckCodes, deviceTypes, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { usersConcernedBy } from '../../access/sql.js';
import type { BoxService } from '../boxes/service.js';
import { exportDate } from '../devices/exports.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { checkRow, crossCheck, type CheckedRow } from './rows.js';
import { readSheet } from './sheet.js';
import * as registrySql from './sql.js';

export interface BoxRegistryDeps {
  db: Db;
  boxes: BoxService;
  oplog: Pick<OperationLogService, 'recordEach'>;
  /** Whose view changed, after the commit (the devices policy, list caches and browsers forget it). */
  scopesChanged: (userIds: number[]) => void;
  /** A box's facts changed, after the commit (every instance's registry and status forget it). */
  boxChanged: (boxId: string) => void;
}

export type BoxRegistryService = ReturnType<typeof createBoxRegistryService>;

/** A report of a bad file names at most this many problems: enough to fix a sheet, short enough to read. */
const REPORT_MAX_PROBLEMS = 200;
const EXPORT_BATCH = 500;

function itemOf({ registered_ms, secret_issued_ms, ...row }: registrySql.RegistryRow): RegistryItem {
  return { ...row, registered_at: new Date(registered_ms).toISOString(), secret_issued_at: new Date(secret_issued_ms).toISOString() };
}

/** Root reaches every CK; limited_admin (the only other role the routes let in) its own. */
function reachedCk(user: UserRow, wanted: string | undefined): string | undefined {
  if (user.roles.includes('root')) return wanted;
  if (wanted !== undefined && wanted !== user.ck) throw ApiError.forbidden();
  return user.ck ?? '';
}

/**
 * The box registry: the registration list and its export, registering boxes from a spreadsheet
 * (all or none; one box and new secrets are the boxes module's), and handing a company's unowned
 * boxes to a manager or a distributor. Every change is audited in its transaction.
 */
export function createBoxRegistryService({ db, boxes: boxService, oplog, scopesChanged, boxChanged }: BoxRegistryDeps) {
  /** The CKs, device types and taken ids the rows name, in three queries. */
  async function known(rows: CheckedRow[]) {
    const ids = rows.map((row) => row.input.id);
    const cks = [...new Set(rows.map((row) => row.input.ck))];
    const types = [...new Set(rows.flatMap((row) => row.input.controllers.map((controller) => controller.device_type)))];
    const [foundCks, foundTypes, taken] = await Promise.all([
      cks.length ? db.select({ code: ckCodes.code }).from(ckCodes).where(inArray(ckCodes.code, cks)) : [],
      types.length ? db.select({ id: deviceTypes.id }).from(deviceTypes).where(inArray(deviceTypes.id, types)) : [],
      ids.length ? db.select({ id: boxes.id }).from(boxes).where(inArray(boxes.id, ids)) : [],
    ]);
    return {
      cks: new Set(foundCks.map((row) => row.code)),
      deviceTypes: new Set(foundTypes.map((row) => row.id)),
      registered: new Set(taken.map((row) => row.id)),
    };
  }

  return {
    /** The caller's date for the export's file name, in its CK's time zone. */
    exportDate: (user: UserRow): Promise<string> => exportDate(db, user, new Date()),

    async list(user: UserRow, query: RegistryQuery): Promise<Page<RegistryItem>> {
      const where = registrySql.registryCondition(reachedCk(user, query.ck), query.keyword);
      const [count] = await queryRows<{ total: number }>(db, registrySql.registryCount(where));
      const rows = await queryRows<registrySql.RegistryRow>(db, registrySql.registryPage(where, query.page_size, (query.page - 1) * query.page_size));
      return { total: count?.total ?? 0, items: rows.map(itemOf) };
    },

    /** The whole filtered list for the xlsx export, read in batches as the stream takes them. */
    async exportRows(user: UserRow, query: RegistryExportQuery): Promise<{ rows: number; batches: AsyncIterable<RegistryItem[]> }> {
      const where = registrySql.registryCondition(reachedCk(user, query.ck), query.keyword);
      const [count] = await queryRows<{ total: number }>(db, registrySql.registryCount(where));
      const total = count?.total ?? 0;
      async function* batches() {
        for (let offset = 0; offset < total; offset += EXPORT_BATCH) {
          yield (await queryRows<registrySql.RegistryRow>(db, registrySql.registryPage(where, EXPORT_BATCH, offset))).map(itemOf);
        }
      }
      return { rows: total, batches: batches() };
    },

    /**
     * Every row of the sheet is checked first, against the file and the database; any problem
     * answers 400 with every row's problems and registers nothing. Otherwise all its boxes are
     * registered in one transaction, and their secrets answered once.
     */
    async upload(actor: Actor, language: Language, file: Buffer): Promise<RegistryUploadResult> {
      const sheet = await readSheet(file);
      if (!sheet.ok) {
        const field = 'file';
        if (sheet.key === 'uploadColumnMissing') throw ApiError.invalidInput([{ field, key: sheet.key, params: { column: sheet.column } }]);
        throw ApiError.invalidInput([{ field, key: sheet.key }]);
      }
      if (sheet.rows.length > UPLOAD_MAX_ROWS) throw ApiError.invalidInput([{ field: 'file', key: 'uploadTooManyRows', params: { max: UPLOAD_MAX_ROWS } }]);
      const checked = sheet.rows.map((row) => ({ row: row.row, ...checkRow(language, row) }));
      const valid = checked.flatMap((row) => (row.input ? [{ row: row.row, input: row.input }] : []));
      const problems = [...checked.flatMap((row) => row.problems), ...crossCheck(language, valid, await known(valid))];
      if (problems.length > 0) {
        problems.sort((a, b) => Number(a.field!.split('.')[1]) - Number(b.field!.split('.')[1]));
        throw ApiError.invalidInput(problems.slice(0, REPORT_MAX_PROBLEMS));
      }
      const registered = await boxService.registerMany(
        actor,
        valid.map((row) => row.input),
      );
      return { registered: registered.length, credentials: registered.map(credentialOf) };
    },

    async assignTargets(user: UserRow, ck: string): Promise<AssignTarget[]> {
      return queryRows<AssignTarget>(db, registrySql.assignTargets(reachedCk(user, ck) ?? ck));
    },

    /**
     * The company's unowned boxes with ids from start to end go to a manager (it owns them from
     * now) or a distributor (they are sold through it); boxes already owned are left alone.
     * Audited per box; everyone whose view changed hears of it.
     */
    async assign(actor: Actor & { user: UserRow }, input: RegistryAssign): Promise<RegistryAssignResult> {
      const ck = reachedCk(actor.user, input.ck) ?? input.ck;
      const targets = await queryRows<AssignTarget>(db, registrySql.assignTargets(ck));
      const target = targets.find((candidate) => candidate.id === input.target_id);
      if (!target) throw ApiError.invalidInput([{ field: 'target_id', key: 'assignTargetUnknown' }]);
      const toDistributor = target.kind === 'distributor';
      const [inRange] = await queryRows<{ total: number }>(db, registrySql.boxesInRange(ck, input.start_id, input.end_id));
      const before = new Set<number>();
      const moved = await db.transaction(async (tx) => {
        const ids = (await queryRows<{ id: string }>(tx, registrySql.unownedInRange(ck, input.start_id, input.end_id, toDistributor))).map((row) => row.id);
        if (ids.length === 0) return ids;
        for (const row of await queryRows<{ id: number }>(tx, usersConcernedBy(ids))) before.add(row.id);
        await tx.execute(toDistributor ? registrySql.sellThrough(ids, target.id) : registrySql.giveToManager(ids, target.id));
        await oplog.recordEach(tx, actor, 'assign_device', registrySql.auditRows(ids, target.username));
        return ids;
      });
      if (moved.length > 0) {
        const after = await queryRows<{ id: number }>(db, usersConcernedBy(moved));
        // Owners and their superiors, sales channels and their district distributors: the new ones are among them now.
        scopesChanged([...before, ...after.map((row) => row.id)]);
        for (const id of moved) boxChanged(id);
      }
      return { assigned: moved.length, in_range: inRange?.total ?? 0 };
    },
  };
}
