import type { BatchParams } from '@cloudbox/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { BoxScope } from '../../access/scope.js';
import { scopeCondition } from '../../access/sql.js';
import type { Db } from '../../db/index.js';
import { textArray } from '../../db/sql.js';
import { users, type UserRow } from '../../db/schema.js';

/* The raw SQL of the batch jobs, beside its row types. */

/** Box ids are digits and compare as numbers: `00012` lies between 10 and 20 (as box-assign counts them). */
export function boxesBetween(startId: string, endId: string): SQL {
  return sql`boxes.id::numeric between ${startId}::numeric and ${endId}::numeric`;
}

export interface CandidateRow {
  box_id: string;
  ck: string;
  online: boolean;
  station: number;
}

/** The controllers of the device type on the boxes of the range that the scope covers, in box id order. */
export function controllersInRange(scope: BoxScope, input: Pick<BatchParams, 'start_box_id' | 'end_box_id' | 'device_type'>): SQL {
  return sql`select boxes.id as box_id, boxes.ck, boxes.online, c.station from controllers c join boxes on boxes.id = c.box_id
    where c.device_type_id = ${input.device_type} and ${boxesBetween(input.start_box_id, input.end_box_id)} and ${scopeCondition(scope) ?? sql`true`}
    order by boxes.id::numeric, boxes.id, c.station`;
}

/** The items an earlier attempt of the job wrote and did not see settled: item and command. */
export function runningCommands(jobId: number): SQL {
  return sql`select item, detail ->> 'command_id' as command_id from job_items where job_id = ${jobId} and state = 'running' and detail ? 'command_id'`;
}

/** The commands' states, with the old and new value their operation-log entries recorded. */
export function commandOutcomes(ids: readonly string[]): SQL {
  return sql`select c.id::text as id, c.state, c.error, c.result_value, l.old_value, l.new_value
    from commands c left join operation_logs l on l.command_id = c.id where c.id = any(${textArray(ids)}::uuid[])`;
}

/** The user a job acts as (null: deleted since). */
export async function userOf(db: Db, id: number | null): Promise<UserRow | null> {
  if (id === null) return null;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** A box's fields as batch-modify-box reads them (expiry as YYYY-MM-DD text, the server address it is told to use). */
const BOX_VALUES = sql`boxes.id as box_id, boxes.ck, boxes.model, coalesce(to_char(boxes.expiry_date, 'YYYY-MM-DD'), '') as expiry_date, boxes.software,
  coalesce((select s.ip_address from box_server_configs s where s.box_id = boxes.id), '') as server_address`;

export interface BoxValuesRow {
  box_id: string;
  ck: string;
  model: string;
  expiry_date: string;
  software: string;
  server_address: string;
}

/** The boxes of the range, or of the list, with their fields, in box id order. */
export function boxValues(target: { range: { start_box_id: string; end_box_id: string } | null; box_ids: string[] | null }): SQL {
  const where = target.range
    ? boxesBetween(target.range.start_box_id, target.range.end_box_id)
    : sql`boxes.id = any(${textArray(target.box_ids ?? [])}::text[])`;
  return sql`select ${BOX_VALUES} from boxes where ${where} order by boxes.id::numeric, boxes.id`;
}

/** One box's fields, locked for its change. */
export function lockedBoxValues(id: string): SQL {
  return sql`select ${BOX_VALUES} from boxes where boxes.id = ${id} for update`;
}
