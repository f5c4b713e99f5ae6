import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { numberArray, textArray } from '../db/sql.js';
import { readsEveryRelation } from './relations.js';
import { CK_WIDE_ROLES, DISTRIBUTORS, roleScope, SERVICE_STAFF, type BoxScope, type Person } from './scope.js';

/**
 * The SQL forms of the rules of `scope.ts`, for queries that decide over many rows at once. Each
 * one answers what its TypeScript twin answers for the same facts (`sql.test.ts` holds them to it).
 */

/** A scope as a WHERE condition on the `boxes` table of the query; undefined means no restriction. */
export function scopeCondition(scope: BoxScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'ck':
      return sql`boxes.ck = ${scope.ck}`;
    case 'none':
      return sql`false`;
    case 'related': {
      const sold = scope.channels.length === 0 ? sql`` : sql`or boxes.sales_channel_id = any(${sqlIntArray(scope.channels)})`;
      return sql`boxes.ck = ${scope.ck} and (boxes.owner_id = any(${sqlIntArray(scope.owners)})
        or exists (select 1 from device_shares s where s.box_id = boxes.id and s.user_id = ${scope.userId}) ${sold})`;
    }
  }
}

/** A scope as a condition on a column holding box ids (logs, records of tables without the boxes join). */
export function boxIdCondition(scope: BoxScope, boxIdColumn: AnyPgColumn): SQL | undefined {
  const onBoxes = scopeCondition(scope);
  return onBoxes && sql`${boxIdColumn} in (select boxes.id from boxes where ${onBoxes})`;
}

/**
 * Rows that name a register of a controller (fault records) restricted to the registers the
 * scope's template lets it read; undefined: no restriction.
 */
export function readableCondition(scope: BoxScope, deviceTypeId: SQL, register: SQL): SQL | undefined {
  if (scope.kind !== 'related' || scope.template === null) return undefined;
  return sql`coalesce((${JSON.stringify(scope.template)}::jsonb -> ${deviceTypeId}) ? ${register}::text, false)`;
}

/**
 * Who sees each of these boxes through the hierarchy, as the recursive CTE `seers(box_id, user_id)`
 * (for a `with recursive`): its owner, then each superior while nobody below it on the way shields.
 * The set form of a related scope's `owners`.
 */
export function hierarchySeers(boxIds: readonly string[]): SQL {
  return sql`seers(box_id, user_id) as (
      select id, owner_id from boxes where id = any(${textArray(boxIds)}::text[]) and owner_id is not null
      union
      select s.box_id, u.parent_id from seers s join users u on u.id = s.user_id where not u.shield_devices and u.parent_id is not null)`;
}

/** Whether a user sees a box as its owner or an unshielded superior of the owner; needs `hierarchySeers`. */
export function seesThroughHierarchy(userId: SQL, boxId: SQL): SQL {
  return sql`exists (select 1 from seers where seers.box_id = ${boxId} and seers.user_id = ${userId})`;
}

/**
 * Whether the user row `user` sees the box row `box`: the SQL form of `accessOf(...) !== null` for
 * rows of a query (a granter whose shares stand only while it still sees the box). Needs
 * `hierarchySeers` of the box in the same `with recursive`. Never null (a user of no CK, a box of
 * no owner), so that `not seesBox(...)` means what it says.
 */
export function seesBox(user: SQL, box: SQL): SQL {
  return sql`coalesce('root' = any(${user}.roles)
    or (${user}.ck = ${box}.ck and (${user}.roles && ${textArray(CK_WIDE_ROLES)}::text[]
      or ${seesThroughHierarchy(sql`${user}.id`, sql`${box}.id`)}
      or exists (select 1 from device_shares o where o.box_id = ${box}.id and o.user_id = ${user}.id)
      or ${soldThrough(user, box)})), false)`;
}

/** A question to `readersOfEvents`: who may read this register (null: the box alone) of this device type on this box. */
export interface ReadersQuestion {
  eventId: number;
  boxId: string;
  deviceTypeId: string | null;
  register: number | null;
}

/**
 * The users who may read a register of a controller on a box, for many questions at once, as a
 * query of `(event_id, user_id)`: for each question every enabled user who sees the box (`seesBox`)
 * and whose model, if it has one and the user's reach is by relations, lists that register of that
 * device type (`mayRead`). A null register or device type asks about the box alone. Notifications
 * go to exactly these users (the fan-out asks once per batch of events).
 */
export function readersOfEvents(questions: readonly ReadersQuestion[]): SQL {
  const boxIds = [...new Set(questions.map((question) => question.boxId))];
  const registers = questions.map((question) => (question.register === null ? null : String(question.register)));
  return sql`with recursive ${hierarchySeers(boxIds)},
    q(event_id, box_id, device_type_id, register) as (
      select * from unnest(${numberArray(questions.map((question) => question.eventId))}::bigint[],
        ${textArray(questions.map((question) => question.boxId))}::text[],
        ${textArray(questions.map((question) => question.deviceTypeId))}::text[], ${textArray(registers)}::int[]))
    select q.event_id, u.id as user_id from q
    join boxes b on b.id = q.box_id
    cross join users u
    left join permission_templates t on t.id = u.template_id
    where u.enabled and ${seesBox(sql`u`, sql`b`)}
      and ('root' = any(u.roles) or u.roles && ${textArray(CK_WIDE_ROLES)}::text[]
        or q.device_type_id is null or q.register is null or t.rights is null
        or coalesce((t.rights -> q.device_type_id) ? q.register::text, false))`;
}

/** The readers of one register of one box (`readersOfEvents`' one-question case), as a query of `user_id`s. */
export function readersOf(boxId: string, deviceTypeId: string | null, register: number | null): SQL {
  return sql`select r.user_id from (${readersOfEvents([{ eventId: 0, boxId, deviceTypeId, register }])}) r`;
}

/** Whether the box row `box` was sold through the user row `user` (`channelsOf`): the user, or a district distributor's regional distributor. */
function soldThrough(user: SQL, box: SQL): SQL {
  return sql`(${user}.roles && ${textArray(DISTRIBUTORS)}::text[] and (${box}.sales_channel_id = ${user}.id
    or ('district_distributor' = any(${user}.roles) and exists (select 1 from users r
      where r.id = ${box}.sales_channel_id and r.parent_id = ${user}.id and 'regional_distributor' = any(r.roles)))))`;
}

/**
 * Whether the user row `user` may switch the box row `box` on and off: root, the owner, or a holder
 * of a switch grant (SPEC.md section 4; CK-wide staff too need one, DESIGN.md section 5). The SQL
 * form of `accessOf(...).switchOnOff` for a user who sees the box (market, which never holds a
 * grant, aside). Never null, like `seesBox`.
 */
export function maySwitchBox(user: SQL, box: SQL): SQL {
  return sql`coalesce('root' = any(${user}.roles) or ${box}.owner_id = ${user}.id
    or exists (select 1 from device_switch_grants o where o.box_id = ${box}.id and o.user_id = ${user}.id), false)`;
}

/**
 * The top owner of the box row `box` as a scalar (null: nobody owns it): the last of its owner
 * chain, the owner and each superior while the one below does not shield (`hierarchySeers`'
 * chain); the SQL form of `topOwnerOf` in `relations.ts`.
 */
export function topOwnerOf(box: SQL): SQL {
  return sql`(with recursive chain(id, depth) as (
      select ${box}.owner_id, 0 where ${box}.owner_id is not null
      union all
      select u.parent_id, c.depth + 1 from chain c join users u on u.id = c.id where not u.shield_devices and u.parent_id is not null)
    select id from chain order by depth desc limit 1)`;
}

/** Whether the user row `user` is of the company's service staff (`isServiceStaff`). */
export function isServiceStaffRow(user: SQL): SQL {
  return sql`(${user}.roles && ${textArray(SERVICE_STAFF)}::text[])`;
}

/**
 * Whether the caller may authorise service staff to switch the box row `box`: it is the box's top
 * owner and may switch the box itself (`offersServiceSwitch`).
 */
export function serviceSwitchOffered(callerId: number, box: SQL): SQL {
  return sql`(${topOwnerOf(box)} = ${callerId} and exists (select 1 from users me where me.id = ${callerId} and ${maySwitchBox(sql`me`, box)}))`;
}

/**
 * The users whose view of these boxes depends on them (owners and their superiors, sharees, switch
 * grantees, the sales channel and its district distributor), as a query of `id`s.
 */
export function usersConcernedBy(boxIds: readonly string[]): SQL {
  const boxes = sql`${textArray(boxIds)}::text[]`;
  return sql`with recursive up(id) as (
        select owner_id from boxes where id = any(${boxes}) and owner_id is not null
        union
        select u.parent_id from users u join up on u.id = up.id where u.parent_id is not null
      )
      select id from up
      union select user_id from device_shares where box_id = any(${boxes})
      union select user_id from device_switch_grants where box_id = any(${boxes})
      union select sales_channel_id from boxes where id = any(${boxes}) and sales_channel_id is not null
      union select c.parent_id from boxes b join users c on c.id = b.sales_channel_id where b.id = any(${boxes}) and c.parent_id is not null`;
}

/*
 * The relation rules of `relations.ts` as WHERE conditions of the lists and changes of relations.
 * Null counts as false there, so their comparisons stay bare and the indexes on them serve.
 */

/** Whether the CK column `ck` is within the caller's reach (`reachesCk`). */
export function reachedCk(caller: Pick<Person, 'roles' | 'ck'>, ck: SQL): SQL {
  return caller.roles.includes('root') ? sql`true` : sql`${ck} = ${caller.ck}`;
}

/** Whether the caller services the user row `user` (the SQL form of `services` in `relations.ts`). */
export function servicedBy(caller: Person, user: SQL): SQL {
  const scope = roleScope(caller);
  if (scope === undefined) return sql`${user}.parent_id = ${caller.id}`;
  if (scope.kind === 'all') return sql`true`;
  return scope.kind === 'ck' ? sql`${user}.ck = ${scope.ck}` : sql`false`;
}

/** Whether the caller's lists show a share or assignment made by `madeBy` (`listsRelationMadeBy`). */
export function listedRelation(caller: Person, madeBy: SQL): SQL {
  return readsEveryRelation(caller) ? sql`${madeBy} is not null` : sql`${madeBy} = ${caller.id}`;
}

/** Whether the caller may end a share or the switch grant that came with it, made by `madeBy` (`mayEndRelation`). */
export function endableRelation(caller: Person, madeBy: SQL): SQL {
  return caller.roles.includes('root') ? sql`true` : sql`${madeBy} = ${caller.id}`;
}

/** Whether the caller offers the box row `box` for sharing (`offersForSharing`). */
export function offeredForSharing(scope: BoxScope, callerId: number, box: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind !== 'related') return sql`${box}.owner_id = ${callerId}`;
  return sql`(${box}.ck = ${scope.ck} and ${box}.owner_id = any(${sqlIntArray(scope.owners)}))`;
}

/** Whether the caller may pass the switching of the box row `box` to the user (`offersSwitchOf`). */
export function switchOffered(callerId: number, userId: number, box: SQL): SQL {
  return sql`(${box}.owner_id = ${callerId}
    or exists (select 1 from device_shares s where s.box_id = ${box}.id and s.user_id = ${userId} and s.granted_by = ${callerId}))`;
}

/** Whether the caller may revoke the switch grant row `grant` of the box row `box` (`mayRevokeSwitch`). */
export function revocableSwitchGrant(callerId: number, grant: SQL, box: SQL): SQL {
  return sql`(${grant}.granted_by = ${callerId} or ${box}.owner_id = ${callerId})`;
}

function sqlIntArray(values: number[]): SQL {
  return sql`${numberArray(values)}::int[]`;
}
