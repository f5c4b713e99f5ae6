import type { AbandonedBox, AbandonedQuery, BoxCkMove, BoxCkMoveQuery, Count, DeleteAbandoned, FaultRange, MoveBoxes, Page } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import { requireKnownCk } from '../../db/ck-codes.js';
import type { BoxRow, UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { usersConcernedBy } from '../../access/sql.js';
import { moveBoxesToCk } from '../boxes/ck-moves.js';
import { mayClearFaults } from '../../access/scope.js';
import type { BoxPropertyDeps, SignedInActor } from './service.js';
import { abandonedCondition, abandonedCount, abandonedRows, moveCount, moveRows, type AbandonedRow, type BoxCkMoveRow } from './sql.js';

const boxList = (ids: readonly string[]) => sql`${textArray(ids)}::text[]`;

async function idsOf(executor: Executor, query: SQL): Promise<string[]> {
  return (await queryRows<{ id: string | number }>(executor, query)).map((row) => String(row.id));
}

/** The fault records of the box in the range (alias `f`), through its controllers (alias `c`). */
function faultsInRange(boxId: string, range: FaultRange): SQL {
  return sql`c.id = f.controller_id and c.box_id = ${boxId} and f.started_at >= ${range.from.toISOString()}::timestamptz
    and f.started_at < ${range.to.toISOString()}::timestamptz ${range.station === undefined ? sql`` : sql`and c.station = ${range.station}`}`;
}

/**
 * The maintenance of boxes on the /smartbox screens: moving boxes to another company, deleting
 * abandoned boxes, clearing fault records. Each change is one transaction with its audit entries.
 */
export function createBoxMaintenance(deps: BoxPropertyDeps & { visible(user: UserRow, id: string): Promise<BoxRow> }) {
  const { db, oplog } = deps;

  /** The box whose fault records the caller may clear: out of sight 404, out of reach 403. */
  async function faultsOf(user: UserRow, id: string): Promise<BoxRow> {
    const box = await deps.visible(user, id);
    if (!mayClearFaults(user, box)) throw ApiError.forbidden();
    return box;
  }

  async function countFaults(user: UserRow, id: string, range: FaultRange): Promise<Count> {
    await faultsOf(user, id);
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from fault_records f, controllers c where ${faultsInRange(id, range)}`,
    );
    return { count: row?.count ?? 0 };
  }

  return {
    /**
     * Moves boxes to the company `ck`. What belonged to the old company ends with the move, in one
     * transaction: the owner and its assigner, shares, switch grants and the sales channel. The
     * users who saw the boxes (read before the move) are told their scopes changed.
     */
    async moveCk(actor: SignedInActor, input: MoveBoxes): Promise<Count> {
      await requireKnownCk(db, input.ck);
      const known = await idsOf(db, sql`select id from boxes where id = any(${boxList(input.box_ids)})`);
      if (known.length < input.box_ids.length) throw ApiError.notFound('boxNotFound');
      const concerned = (await queryRows<{ id: number }>(db, usersConcernedBy(input.box_ids))).map((row) => row.id);
      const moved = await db.transaction((tx) => moveBoxesToCk(tx, oplog, actor, input.box_ids, input.ck));
      for (const id of moved) deps.boxChanged(id);
      deps.scopesChanged(concerned);
      return { count: moved.length };
    },

    /** The history of CK moves, newest first. */
    async moves(query: BoxCkMoveQuery): Promise<Page<BoxCkMove>> {
      const [count] = await queryRows<{ total: number }>(db, moveCount(query));
      return { total: count?.total ?? 0, items: await queryRows<BoxCkMoveRow>(db, moveRows(query)) };
    },

    /** Boxes never connected or silent for `days`, longest silent first. */
    async abandoned(query: AbandonedQuery): Promise<Page<AbandonedBox>> {
      const [count] = await queryRows<{ total: number }>(db, abandonedCount(query.days));
      return { total: count?.total ?? 0, items: await queryRows<AbandonedRow>(db, abandonedRows(query)) };
    },

    /**
     * Deletes the chosen boxes that are still abandoned (one that spoke since the screen was read
     * stays), each with its data through the boxes service's removal, one delete_box entry each.
     */
    async deleteAbandoned(actor: SignedInActor, input: DeleteAbandoned): Promise<Count> {
      const ids = await idsOf(
        db,
        sql`select b.id from boxes b where b.id = any(${boxList(input.box_ids)}) and ${abandonedCondition(input.days)} order by b.id`,
      );
      for (const id of ids) await deps.boxes.remove(actor, id);
      return { count: ids.length };
    },

    countFaults,

    /** Deletes the box's fault records that started in the range; audited (clear_faults, with the range and the count). */
    async clearFaults(actor: SignedInActor, id: string, range: FaultRange): Promise<Count> {
      const box = await faultsOf(actor.user, id);
      const cleared = await db.transaction(async (tx) => {
        const rows = await queryRows<{ controller_id: number; active: boolean }>(
          tx,
          sql`delete from fault_records f using controllers c where ${faultsInRange(id, range)} returning f.controller_id, f.active`,
        );
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'clear_faults',
          ck: box.ck,
          boxId: id,
          station: range.station ?? null,
          oldValue: String(rows.length),
          newValue: `${range.from.toISOString()} – ${range.to.toISOString()}: ${rows.length}`,
        });
        return rows;
      });
      // An active episode deleted here must not be ended later by the rule state that still holds it.
      deps.controllersReset([...new Set(cleared.filter((row) => row.active).map((row) => row.controller_id))]);
      return { count: cleared.length };
    },
  };
}
