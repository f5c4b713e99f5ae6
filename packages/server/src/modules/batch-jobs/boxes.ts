import {
  BATCH_BOX_FIELDS,
  batchBoxInputSchema,
  formatMessage,
  type BatchBoxChanges,
  type BatchBoxField,
  type BatchBoxPreview,
  type BatchBoxPreviewItem,
  type BatchBoxRequest,
  type BatchBoxValues,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { usersConcernedBy } from '../../access/sql.js';
import { requireKnownCk } from '../../db/ck-codes.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { JobDefinition, JobQueue } from '../../jobs/types.js';
import type { Outgoing } from '../box-delivery/delivery.js';
import type { BoxDeliveryService } from '../box-delivery/service.js';
import { createBoxAudit } from '../boxes/audit.js';
import { moveBoxesToCk } from '../boxes/ck-moves.js';
import type { Caller } from '../commands/service.js';
import type { OperationLogService } from '../oplog/service.js';
import { boxValues, lockedBoxValues, userOf, type BoxValuesRow } from './sql.js';

export interface BoxBatchDeps {
  db: Db;
  oplog: Pick<OperationLogService, 'record' | 'recordEach'>;
  serverAddresses: Pick<BoxDeliveryService['serverAddresses'], 'store' | 'deliver'>;
  jobs: JobQueue;
  /** A box's facts changed: every instance forgets what it kept of it. */
  boxChanged(boxId: string): void;
  /** What these users may see changed (a box moved to another company). */
  scopesChanged(userIds: number[]): void;
}

const valuesOf = (row: BoxValuesRow): BatchBoxValues => ({
  ck: row.ck,
  model: row.model,
  expiry_date: row.expiry_date,
  software: row.software,
  server_address: row.server_address,
});

/** The fields whose new value differs from the box's. */
function changedFields(current: BatchBoxValues, changes: BatchBoxChanges): BatchBoxField[] {
  return BATCH_BOX_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== current[field]);
}

/**
 * batch-modify-box (root): company, IoT model, expiry date, software and server address of the
 * boxes of a range or a list, previewed (before → after), then applied as a job with an item per
 * box: `ok`, `skipped` (nothing to change) or `failed` (the box is gone). Each box is one
 * transaction with its item and its audit: a CK move is `move_box_ck` (and ends what belonged to
 * the old company, as on box-ck), a server address `set_server_ip` (and is sent to the box, as on
 * ip-config), the box's record (model, expiry date, software) one `batch_modify_box` entry with
 * the old and new values of the fields that changed.
 */
export function createBoxBatch(deps: BoxBatchDeps) {
  const { db, oplog, serverAddresses, jobs } = deps;
  const audit = createBoxAudit(oplog);

  /** Changes one box in the transaction; answers the deliveries to send and the users to tell once it committed. */
  async function change(tx: Executor, caller: Caller, row: BoxValuesRow, fields: BatchBoxField[], changes: BatchBoxChanges) {
    let concerned: number[] = [];
    let outgoing: Outgoing[] = [];
    if (fields.includes('ck')) {
      concerned = (await queryRows<{ id: number }>(tx, usersConcernedBy([row.box_id]))).map((user) => user.id);
      await moveBoxesToCk(tx, oplog, caller, [row.box_id], changes.ck!);
    }
    const record = fields.filter((field) => field === 'model' || field === 'expiry_date' || field === 'software');
    if (record.length > 0) {
      await audit.edit(
        tx,
        caller,
        row.box_id,
        () =>
          tx.execute(sql`update boxes set model = ${fields.includes('model') ? changes.model! : row.model},
            software = ${fields.includes('software') ? changes.software! : row.software},
            expiry_date = ${fields.includes('expiry_date') ? changes.expiry_date! : row.expiry_date || null}::date where id = ${row.box_id}`),
        'batch_modify_box',
      );
    }
    if (fields.includes('server_address')) outgoing = await serverAddresses.store(tx, caller, [row.box_id], changes.server_address!);
    return { concerned, outgoing };
  }

  const definition: JobDefinition<typeof batchBoxInputSchema> = {
    params: batchBoxInputSchema,
    async run(context) {
      const { params, actor } = context;
      const user = await userOf(db, actor.userId);
      if (!user) throw new Error('the user who started the batch no longer exists');
      const caller: Caller = { user, ip: actor.ip, language: actor.language };
      const found = await queryRows<BoxValuesRow>(db, boxValues(params));
      const listed = params.box_ids ?? found.map((row) => row.box_id);
      await context.setTotal(listed.length);
      const finished = await context.finished();
      for (const id of listed) {
        context.signal.throwIfAborted();
        if (finished.has(id)) continue;
        const done = await db.transaction(async (tx) => {
          const [row] = await queryRows<BoxValuesRow>(tx, lockedBoxValues(id));
          if (!row) {
            await context.item(id, 'failed', { reason: 'boxNotFound', message: formatMessage(actor.language, 'boxNotFound') }, tx);
            return null;
          }
          const before = valuesOf(row);
          const fields = changedFields(before, params.changes);
          if (fields.length === 0) {
            await context.item(id, 'skipped', { before }, tx);
            return null;
          }
          const effects = await change(tx, caller, row, fields, params.changes);
          const after = { ...before, ...Object.fromEntries(fields.map((field) => [field, params.changes[field]!])) };
          await context.item(id, 'ok', { changed: fields, before, after }, tx);
          return effects;
        });
        if (!done) continue;
        serverAddresses.deliver(done.outgoing);
        deps.boxChanged(id);
        if (done.concerned.length > 0) deps.scopesChanged(done.concerned);
      }
      return { boxes: listed.length };
    },
  };
  jobs.define('batch_modify_box', definition);

  /** The boxes of the request, each with what would change; listed ids without a box as missing. */
  async function preview(request: BatchBoxRequest): Promise<BatchBoxPreview> {
    if (request.changes.ck !== undefined) await requireKnownCk(db, request.changes.ck, 'changes.ck');
    const rows = await queryRows<BoxValuesRow>(db, boxValues(request));
    const byId = new Map(rows.map((row) => [row.box_id, row]));
    const ids = request.box_ids ?? rows.map((row) => row.box_id);
    const items: BatchBoxPreviewItem[] = ids.map((id) => {
      const row = byId.get(id);
      if (!row) return { box_id: id, missing: true, current: null, changed: [] };
      const current = valuesOf(row);
      return { box_id: id, missing: false, current, changed: changedFields(current, request.changes) };
    });
    const found = items.filter((item) => !item.missing);
    return { boxes: found.length, changing: found.filter((item) => item.changed.length > 0).length, missing: items.length - found.length, items };
  }

  return {
    preview,

    /** Checks the batch as the preview does and stores its job; the job id answers. */
    async start(caller: Caller, request: BatchBoxRequest): Promise<number> {
      const checked = await preview(request);
      if (checked.boxes === 0) throw ApiError.rejected('batchNoBoxes');
      const id = await db.transaction((tx) =>
        jobs.enqueue(tx, {
          kind: 'batch_modify_box',
          // Stored as the request came (the job parses it again when it runs).
          params: { ...(request.range ?? {}), ...(request.box_ids ? { box_ids: request.box_ids } : {}), changes: request.changes },
          actor: { user: caller.user, ip: caller.ip, language: caller.language },
          total: checked.items.length,
        }),
      );
      jobs.wake();
      return id;
    },
  };
}
