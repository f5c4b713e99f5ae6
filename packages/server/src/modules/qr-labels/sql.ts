import { sql, type SQL } from 'drizzle-orm';
import type { LabelScope } from '../../access/scope.js';

/* The QR labels' raw SQL. */

function scopeCondition(scope: NonNullable<LabelScope>): SQL {
  return 'every' in scope ? sql`true` : sql`b.ck = ${scope.ck}`;
}

/**
 * The ids of the boxes in scope with ids from start to end, in numeric order as box-assign counts
 * them (`00012` lies between 10 and 20); at most `limit` (ask one more than allowed to tell "too many").
 */
export function boxIdsInRange(scope: NonNullable<LabelScope>, startId: string, endId: string, limit: number): SQL {
  return sql`select b.id from boxes b
    where ${scopeCondition(scope)} and b.id::numeric between ${startId}::numeric and ${endId}::numeric
    order by b.id::numeric, b.id limit ${limit}`;
}

/** The box, when it is in scope. */
export function boxInScope(scope: NonNullable<LabelScope>, boxId: string): SQL {
  return sql`select b.id from boxes b where b.id = ${boxId} and ${scopeCondition(scope)}`;
}
