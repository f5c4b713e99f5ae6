import type { RegistryItem } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../../db/sql.js';

/* The registry's raw SQL beside its row types. */

export interface RegistryRow extends Omit<RegistryItem, 'registered_at' | 'secret_issued_at'> {
  /** Epoch milliseconds (float8: one type on both drivers). */
  registered_ms: number;
  secret_issued_ms: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The registered boxes a list shows: of one CK, or all when `ck` is undefined; `keyword` over id, CK, model and ICCID. */
export function registryCondition(ck: string | undefined, keyword: string | undefined): SQL {
  const conditions: SQL[] = [];
  if (ck !== undefined) conditions.push(sql`b.ck = ${ck}`);
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(sql`(b.id ilike ${pattern} or b.ck ilike ${pattern} or b.model ilike ${pattern} or b.iccid ilike ${pattern})`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

export function registryCount(where: SQL): SQL {
  return sql`select count(*)::int as total from boxes b where ${where}`;
}

/** Newest registrations first. */
export function registryPage(where: SQL, limit: number, offset: number): SQL {
  return sql`select b.id, b.ck, b.model, b.software, b.iccid, b.owner_unit, o.username as owner, s.username as sales_channel, b.online,
      extract(epoch from b.registered_at)::float8 * 1000 as registered_ms, extract(epoch from b.secret_issued_at)::float8 * 1000 as secret_issued_ms,
      coalesce((select json_agg(json_build_object('station', c.station, 'device_type', c.device_type_id) order by c.station)
        from controllers c where c.box_id = b.id), '[]'::json) as controllers
    from boxes b left join users o on o.id = b.owner_id left join users s on s.id = b.sales_channel_id
    where ${where}
    order by b.registered_at desc, b.id
    limit ${limit} offset ${offset}`;
}

/** Box ids that are digits compare as numbers: `00012` lies between 10 and 20. */
function inRange(startId: string, endId: string): SQL {
  return sql`b.id::numeric between ${startId}::numeric and ${endId}::numeric`;
}

/** The company's registered boxes with ids in the range (count), and those of them still unowned (locked for the change). */
export function boxesInRange(ck: string, startId: string, endId: string): SQL {
  return sql`select count(*)::int as total from boxes b where b.ck = ${ck} and ${inRange(startId, endId)}`;
}

/** Unowned: no owner, and for a distributor no sales channel either (a box is sold once). */
export function unownedInRange(ck: string, startId: string, endId: string, toDistributor: boolean): SQL {
  const channel = toDistributor ? sql` and b.sales_channel_id is null` : sql``;
  return sql`select b.id from boxes b where b.ck = ${ck} and b.owner_id is null${channel} and ${inRange(startId, endId)} order by b.id for update`;
}

export function giveToManager(boxIds: readonly string[], managerId: number): SQL {
  return sql`update boxes set owner_id = ${managerId}, assigned_by = null, owned_since = now() where id = any(${textArray(boxIds)}::text[])`;
}

export function sellThrough(boxIds: readonly string[], distributorId: number): SQL {
  return sql`update boxes set sales_channel_id = ${distributorId} where id = any(${textArray(boxIds)}::text[])`;
}

/** Operation-log rows (`ck, box_id, old_value, new_value`) for these boxes, `new_value` given. */
export function auditRows(boxIds: readonly string[], newValue: string | null): SQL {
  return sql`select b.ck, b.id, null::text, ${newValue}::text from boxes b where b.id = any(${textArray(boxIds)}::text[])`;
}

/** The company's managers and distributors, enabled, by kind and user name. */
export function assignTargets(ck: string): SQL {
  return sql`select u.id, u.username, case when 'manager' = any(u.roles) then 'manager' else 'distributor' end as kind,
      case when 'manager' = any(u.roles) then u.level else null end as level, u.remark
    from users u
    where u.ck = ${ck} and u.enabled and u.roles && array['manager', 'district_distributor', 'regional_distributor']::text[]
      and not u.roles && array['helper', 'end_user']::text[]
    order by 3, u.level, u.username`;
}
