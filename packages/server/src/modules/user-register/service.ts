import {
  BOX_SIGHTS,
  HELPER_TYPES,
  type CkUserView,
  type HelperType,
  type ManagedUserView,
  type MessageKey,
  type OperationAction,
  type PermissionTemplateInput,
  type PermissionTemplateView,
  type PrivilegeLevelView,
  type RelationDevicePage,
  type Role,
  type SharePermission,
  type TemplateRights,
} from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { endSessionsOf, type SessionService } from '../auth/sessions.js';
import { containing } from '../devices/queries.js';
import type { DevicePolicy } from '../../access/policy.js';
import { isManager, mayAddManager, mayReceive, mayRecallAssignment, mayShare, withinRights } from '../../access/relations.js';
import { accessOf, roleScope } from '../../access/scope.js';
import { hierarchySeers, maySwitchBox, seesBox, seesThroughHierarchy, usersConcernedBy } from '../../access/sql.js';
import type { PasswordHasher } from '../users/passwords.js';

/** Who calls, and from where (the operation log keeps the address). */
export interface Caller {
  user: UserRow;
  ip: string;
}

interface Paging {
  keyword?: string;
  page: number;
  page_size: number;
}

interface NewUser {
  username: string;
  password: string;
  remark: string;
  ck: string;
  template_id: number | null;
}

type Executor = Pick<Db, 'execute'>;
type Template = { id: number; name: string; rights: TemplateRights };

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
const notFound = (key: MessageKey) => ApiError.rejected(key, undefined, 404);

export type UserRegisterService = ReturnType<typeof createUserRegisterService>;

/**
 * Users, hierarchy, sharing, assignment and switch grants: the calls of SPEC.md section 7 under
 * /user_register and /device_user_permission, with the rules of DESIGN.md section 5. Every change
 * commits together with its operation-log entries, then tells the rest of the server whose view
 * changed (`scopesChanged`: the devices policy, list caches and the browsers of those users).
 */
export function createUserRegisterService(deps: {
  db: Db;
  passwords: PasswordHasher;
  sessions: Pick<SessionService, 'ended'>;
  policy: DevicePolicy;
  scopesChanged: (userIds: number[]) => void;
}) {
  const { db, passwords, policy } = deps;

  async function concerned(executor: Executor, boxIds: readonly string[]): Promise<number[]> {
    if (boxIds.length === 0) return [];
    return (await queryRows<{ id: number }>(executor, usersConcernedBy(boxIds))).map((row) => row.id);
  }

  /** Runs a change of these boxes' relations in one transaction; afterwards everyone concerned before or after hears of it. */
  async function changeBoxes<T>(boxIds: readonly string[], change: (tx: Db) => Promise<T>, alsoConcerned: number[] = []): Promise<T> {
    const before = await concerned(db, boxIds);
    const result = await db.transaction((tx) => change(tx as unknown as Db));
    deps.scopesChanged([...before, ...(await concerned(db, boxIds)), ...alsoConcerned]);
    return result;
  }

  /** One operation-log entry per box: who changed which relation, towards whom. */
  async function audit(executor: Executor, caller: Caller, action: OperationAction, boxIds: readonly string[], target: string, oldValue: string | null = null): Promise<void> {
    if (boxIds.length === 0) return;
    await executor.execute(sql`insert into operation_logs (user_id, username, ck, box_id, action, old_value, new_value, ip)
      select ${caller.user.id}, ${caller.user.username}, b.ck, b.id, ${action}, ${oldValue}, ${target}, ${caller.ip}
      from boxes b where b.id = any(${textArray(boxIds)})`);
  }

  /**
   * A share is valid only while its granter may still see the box (DESIGN.md section 5, as the
   * devices policy decides it: root, CK-wide staff of the box's CK, the owner and its unshielded
   * superiors, a sharee). Called in the transaction of every change that can take that sight away
   * (shielding, assignment and its recall, unbinding, deleting a user: `leaving`); drops the shares
   * of these boxes whose granter lost it, with the switch grants that came with them, audited as
   * recalls by the caller, and the switch grants whose granter may no longer switch the box.
   * Their holders are among the users `changeBoxes` announces.
   */
  async function dropSharesOfBlindGranters(tx: Executor, caller: Caller, boxIds: readonly string[], leaving: readonly number[] = []): Promise<void> {
    if (boxIds.length === 0) return;
    const seers = hierarchySeers(boxIds);
    const dropped = await queryRows<{ box_id: string; user_id: number; granted_by: number }>(
      tx,
      sql`with recursive ${seers}
          delete from device_shares d using boxes b, users g
          where d.box_id = any(${textArray(boxIds)}) and b.id = d.box_id and g.id = d.granted_by
            and (g.id = any(${`{${leaving.join(',')}}`}::int[]) or not ${seesBox(sql`g`, sql`b`)})
          returning d.box_id, d.user_id, d.granted_by`,
    );
    if (dropped.length > 0) await endDerivedRights(tx, caller, seers, dropped);
    await dropSwitchGrantsOfPowerlessGranters(tx, caller, boxIds);
  }

  /** The switch grants that came with dropped shares go with them; the recalls are audited. */
  async function endDerivedRights(tx: Executor, caller: Caller, seers: SQL, dropped: { box_id: string; user_id: number; granted_by: number }[]): Promise<void> {
    const pairs = sql.join(dropped.map((row) => sql`(${row.box_id}::text, ${row.user_id}::int, ${row.granted_by}::int)`), sql`, `);
    // A sharee that still sees the box as a superior keeps the switch grant its owner gave it.
    await tx.execute(sql`with recursive ${seers}
      delete from device_switch_grants w using (values ${pairs}) as r(box_id, user_id, granted_by)
      where w.box_id = r.box_id and w.user_id = r.user_id
        and (w.granted_by = r.granted_by or not ${seesThroughHierarchy(sql`r.user_id`, sql`r.box_id`)})`);
    await tx.execute(sql`insert into operation_logs (user_id, username, ck, box_id, action, old_value, new_value, ip)
      select ${caller.user.id}, ${caller.user.username}, b.ck, b.id, 'recall_shared_device', g.username, u.username, ${caller.ip}
      from (values ${pairs}) as r(box_id, user_id, granted_by) join boxes b on b.id = r.box_id
        join users u on u.id = r.user_id join users g on g.id = r.granted_by`);
  }

  /**
   * A switch grant lasts while its granter may still switch the box: root, CK-wide staff who may
   * write, the owner, or a holder of a grant itself. An owner that assigns a box away loses that
   * right until the new owner grants it (SPEC.md section 4), and so do those it had granted it to.
   */
  async function dropSwitchGrantsOfPowerlessGranters(tx: Executor, caller: Caller, boxIds: readonly string[]): Promise<void> {
    await tx.execute(sql`with revoked as (
        delete from device_switch_grants w using boxes b, users g
        where w.box_id = any(${textArray(boxIds)}) and b.id = w.box_id and g.id = w.granted_by
          and not ${maySwitchBox(sql`g`, sql`b`)}
        returning w.box_id, w.user_id, w.granted_by)
      insert into operation_logs (user_id, username, ck, box_id, action, old_value, new_value, ip)
      select ${caller.user.id}, ${caller.user.username}, b.ck, b.id, 'revoke_switch', g.username, u.username, ${caller.ip}
      from revoked r join boxes b on b.id = r.box_id join users u on u.id = r.user_id join users g on g.id = r.granted_by`);
  }

  /** One operation-log entry of a change of a user (no box): `new_value` names the user and, in parentheses, what it has now. */
  async function auditUser(executor: Executor, caller: Caller, action: OperationAction, target: Pick<UserRow, 'username' | 'ck'>, now: string | null, oldValue: string | null = null): Promise<void> {
    const newValue = now === null ? target.username : `${target.username} (${now})`;
    await executor.execute(sql`insert into operation_logs (user_id, username, ck, action, old_value, new_value, ip)
      values (${caller.user.id}, ${caller.user.username}, ${target.ck}, ${action}, ${oldValue}, ${newValue}, ${caller.ip})`);
  }

  /**
   * The users whose lists a caller's screens show: root every user, CK-wide service staff (afterSales,
   * afterSalesPlus reach edit-manager and edit-helper, SPEC.md section 6) those of their CK, a
   * manager its own direct subordinates.
   */
  function serviced(caller: Caller): SQL {
    const scope = roleScope(caller.user);
    if (scope === undefined) return sql`u.parent_id = ${caller.user.id}`;
    if (scope.kind === 'all') return sql`true`;
    return scope.kind === 'ck' ? sql`u.ck = ${scope.ck}` : sql`false`;
  }

  async function userById(id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sql`${users.id} = ${id}`);
    return row;
  }

  /** A user of the caller's CK (root: any CK) that the caller may share with or grant to. */
  async function receiver(caller: Caller, userId: number): Promise<UserRow> {
    const target = await userById(userId);
    if (!target || !mayReceive(caller.user, target)) throw notFound('shareTargetInvalid');
    return target;
  }

  async function ownHelper(caller: Caller, helperId: number): Promise<UserRow> {
    const helper = await userById(helperId);
    if (!helper || helper.parentId !== caller.user.id || isManager(helper)) throw notFound('notYourHelper');
    return helper;
  }

  async function subordinateManager(caller: Caller, userId: number): Promise<UserRow> {
    const manager = await userById(userId);
    if (!manager || manager.parentId !== caller.user.id || !isManager(manager)) throw notFound('notSubordinateManager');
    return manager;
  }

  /** A template of the CK, or null; another CK's template is answered like a missing one. */
  async function templateOf(ck: string, id: number | null): Promise<Template | null> {
    if (id === null) return null;
    const [row] = await queryRows<Template>(db, sql`select id, name, rights from permission_templates where id = ${id} and ck = ${ck}`);
    if (!row) throw ApiError.invalidInput([{ field: 'template_id', key: 'templateNotFound' }]);
    return row;
  }

  /** A model the caller may give a user of the CK: one of the CK, and no more than the caller's own. */
  async function givableTemplate(caller: Caller, ck: string, id: number | null): Promise<Template | null> {
    const given = await templateOf(ck, id);
    const [own] = await queryRows<{ rights: TemplateRights | null }>(
      db,
      sql`select t.rights from users u left join permission_templates t on t.id = u.template_id where u.id = ${caller.user.id}`,
    );
    if (!withinRights(given?.rights ?? null, own?.rights ?? null)) throw ApiError.invalidInput([{ field: 'template_id', key: 'templateBeyondOwn' }]);
    return given;
  }

  /** Boxes of the caller's CK (root: any) by id; a missing one or one of another CK is not found. */
  async function boxesById(caller: Caller, boxIds: readonly string[]) {
    const rows = await queryRows<{ id: string; ck: string; owner_id: number | null; assigned_by: number | null }>(
      db,
      sql`select id, ck, owner_id, assigned_by from boxes where id = any(${textArray(boxIds)})`,
    );
    const visible = rows.filter((row) => caller.user.roles.includes('root') || row.ck === caller.user.ck);
    if (visible.length !== new Set(boxIds).size) throw notFound('boxNotFound');
    return visible;
  }

  async function ownedBoxes(caller: Caller, boxIds: readonly string[]): Promise<string[]> {
    const rows = await boxesById(caller, boxIds);
    if (rows.some((row) => row.owner_id !== caller.user.id)) throw ApiError.forbidden('deviceNotOwned');
    return rows.map((row) => row.id);
  }

  async function createUser(caller: Caller, input: NewUser, values: Partial<typeof users.$inferInsert>): Promise<ManagedUserView> {
    if (input.ck !== caller.user.ck) throw ApiError.invalidInput([{ field: 'ck', key: 'ckNotYours' }]);
    const template = await givableTemplate(caller, input.ck, input.template_id);
    const passwordHash = await passwords.hash(input.password);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, ck: input.ck, remark: input.remark, templateId: template?.id ?? null, parentId: caller.user.id, createdBy: caller.user.id, ...values })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row) await auditUser(tx as unknown as Db, caller, 'add_user', { username: input.username, ck: input.ck }, values.roles?.[0] ?? null);
      return row;
    });
    if (!created) throw ApiError.invalidInput([{ field: 'username', key: 'userNameTaken', params: { username: input.username } }]);
    const [view] = await managedUsers(sql`u.id = ${created.id}`);
    return view!;
  }

  async function managedUsers(where: SQL): Promise<ManagedUserView[]> {
    const rows = await queryRows<Omit<ManagedUserView, 'role' | 'helper_type'> & { roles: string[] | string; helper_type: string | null }>(
      db,
      sql`select u.id, u.username, u.roles, u.level, u.ck, u.parent_id, u.remark, u.helper_type, u.template_id, t.name as template_name,
            u.shield_devices, to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            case when u.is_manager then (select count(*)::int from boxes b where b.owner_id = u.id)
                 else (select count(*)::int from device_shares s where s.user_id = u.id) end as devices
          from users u left join permission_templates t on t.id = u.template_id
          where ${where} order by u.level, u.username`,
    );
    return rows.map((row) => ({
      ...row,
      role: (Array.isArray(row.roles) ? row.roles : parseTextArray(row.roles))[0] ?? '',
      helper_type: HELPER_TYPES.includes(row.helper_type as HelperType) ? (row.helper_type as HelperType) : null,
    }));
  }

  /** A page of boxes with their facts; `extra` adds the relation's own columns (permission, who made it, switch, since). */
  async function devicePage(where: SQL, paging: Paging, extra: { permission: SQL; grantedBy: SQL; switchUser: number | null; since: SQL }): Promise<RelationDevicePage> {
    const keyword = paging.keyword
      ? sql`and (b.id ilike ${containing(paging.keyword)} or b.owner_unit ilike ${containing(paging.keyword)} or b.remark ilike ${containing(paging.keyword)})`
      : sql``;
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from boxes b where ${where} ${keyword}`),
      queryRows<RelationDevicePage['items'][number]>(
        db,
        sql`select b.id as box_id, b.ck, b.owner_unit, b.remark, b.model, b.online,
              array(select distinct c.device_type_id from controllers c where c.box_id = b.id order by 1) as device_types,
              ${extra.permission} as permission, ${extra.grantedBy} as granted_by,
              ${extra.switchUser === null ? sql`false` : sql`exists (select 1 from device_switch_grants g where g.box_id = b.id and g.user_id = ${extra.switchUser})`} as switch_authorized,
              to_char(${extra.since} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since
            from boxes b where ${where} ${keyword}
            order by b.id limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, items: rows.map((row) => ({ ...row, device_types: parseTextArray(row.device_types) })) };
  }

  /** Boxes a caller may share: those it owns, and (as their superior) those its unshielded subordinates own. */
  async function shareableCondition(caller: Caller): Promise<SQL> {
    const scope = await policy.scopeOf(caller.user);
    if (scope.kind === 'all') return sql`true`;
    if (scope.kind !== 'related') return sql`b.owner_id = ${caller.user.id}`;
    return sql`b.ck = ${scope.ck} and b.owner_id = any(${`{${scope.owners.join(',')}}`}::int[])`;
  }

  /**
   * Shares boxes (or changes the permission of the caller's own shares of them). A box another user
   * already shared with the target keeps that share: its sharer alone may recall it, so it is not
   * taken over (share-all passes over such boxes).
   */
  async function share(caller: Caller, boxIds: string[], target: UserRow, permission: SharePermission): Promise<number> {
    return changeBoxes(boxIds, async (tx) => {
      const shared = await queryRows<{ box_id: string }>(
        tx,
        sql`insert into device_shares (box_id, user_id, granted_by, permission)
            select id, ${target.id}, ${caller.user.id}, ${permission} from boxes where id = any(${textArray(boxIds)})
            on conflict (box_id, user_id) do update set permission = excluded.permission where device_shares.granted_by = excluded.granted_by
            returning box_id`,
      );
      const sharedIds = shared.map((row) => row.box_id);
      await audit(tx, caller, 'share_device', sharedIds, `${target.username} (${permission})`);
      return sharedIds.length;
    }, [target.id]);
  }

  async function recallShares(caller: Caller, target: UserRow, onlyBox: string | null): Promise<number> {
    const root = caller.user.roles.includes('root');
    const boxCondition = onlyBox === null ? sql`true` : sql`box_id = ${onlyBox}`;
    const granter = root ? sql`true` : sql`granted_by = ${caller.user.id}`;
    const shared = await queryRows<{ box_id: string }>(db, sql`select box_id from device_shares where user_id = ${target.id} and ${boxCondition} and ${granter}`);
    if (shared.length === 0) {
      if (onlyBox !== null) throw notFound('deviceNotShared');
      return 0;
    }
    const boxIds = shared.map((row) => row.box_id);
    return changeBoxes(boxIds, async (tx) => {
      await tx.execute(sql`delete from device_shares where user_id = ${target.id} and box_id = any(${textArray(boxIds)}) and ${granter}`);
      // The switch grant came with the share: it goes with it (a superior's grant from the owner stays).
      await tx.execute(sql`delete from device_switch_grants where user_id = ${target.id} and box_id = any(${textArray(boxIds)})
        and not exists (select 1 from device_shares s where s.box_id = device_switch_grants.box_id and s.user_id = ${target.id})
        and (granted_by = ${caller.user.id} or ${root})`);
      await audit(tx, caller, 'recall_shared_device', boxIds, target.username);
      return boxIds.length;
    }, [target.id]);
  }

  async function assign(caller: Caller, boxIds: string[], userId: number): Promise<number> {
    const target = await subordinateManager(caller, userId);
    const owned = await ownedBoxes(caller, boxIds);
    return changeBoxes(owned, async (tx) => {
      await tx.execute(sql`update boxes set owner_id = ${target.id}, assigned_by = ${caller.user.id}, owned_since = now() where id = any(${textArray(owned)})`);
      await audit(tx, caller, 'assign_device', owned, target.username);
      await dropSharesOfBlindGranters(tx, caller, owned);
      return owned.length;
    });
  }

  async function recallAssignments(caller: Caller, rows: { id: string; ck: string; assigned_by: number | null }[]): Promise<number> {
    const recallable = rows.filter((row) => mayRecallAssignment(caller.user, { ck: row.ck, assignedBy: row.assigned_by }));
    if (recallable.length === 0) return 0;
    const boxIds = recallable.map((row) => row.id);
    return changeBoxes(boxIds, async (tx) => {
      // Audited first, while the owner and the assigner are still on the box.
      await tx.execute(sql`insert into operation_logs (user_id, username, ck, box_id, action, old_value, new_value, ip)
        select ${caller.user.id}, ${caller.user.username}, b.ck, b.id, 'recall_assigned_device', o.username, a.username, ${caller.ip}
        from boxes b left join users o on o.id = b.owner_id left join users a on a.id = b.assigned_by where b.id = any(${textArray(boxIds)})`);
      await tx.execute(sql`update boxes set owner_id = assigned_by, assigned_by = null, owned_since = now() where id = any(${textArray(boxIds)})`);
      await dropSharesOfBlindGranters(tx, caller, boxIds);
      return boxIds.length;
    });
  }

  /**
   * Switch grants of boxes to a user: the caller owns the box, or shared it with that user; the user
   * must see it through a share or as a superior. A grant never exceeds the granter's own right: a
   * superior switches an assigned box only once its owner granted it (SPEC.md section 4), and only
   * then may pass that on to its sharee. `unauthorised` counts the boxes refused for that alone.
   */
  async function grantableBoxes(caller: Caller, target: UserRow, boxIds: string[] | null): Promise<{ granted: string[]; unauthorised: number }> {
    const only = boxIds === null ? sql`true` : sql`b.id = any(${textArray(boxIds)})`;
    const rows = await queryRows<{ id: string; ck: string }>(
      db,
      sql`select b.id, b.ck from boxes b where ${only} and (
            b.owner_id = ${caller.user.id}
            or exists (select 1 from device_shares s where s.box_id = b.id and s.user_id = ${target.id} and s.granted_by = ${caller.user.id}))`,
    );
    const granted: string[] = [];
    let unauthorised = 0;
    for (const row of rows) {
      const access = await policy.access(target, row);
      if (!access || (access.via !== 'share' && access.via !== 'superior')) continue;
      if ((await policy.access(caller.user, row))?.switchOnOff) granted.push(row.id);
      else unauthorised += 1;
    }
    return { granted, unauthorised };
  }

  return {
    async levelModels(caller: Caller, level: number | undefined): Promise<PermissionTemplateView[]> {
      const ck = caller.user.roles.includes('root') ? sql`true` : sql`ck = ${caller.user.ck}`;
      const onLevel = level === undefined ? sql`true` : sql`level = ${level}`;
      return queryRows<PermissionTemplateView>(db, sql`select id, ck, name, level, rights from permission_templates where ${ck} and ${onLevel} order by level, name`);
    },

    privilegeLevel(caller: Caller): PrivilegeLevelView {
      const user = caller.user;
      return { level: user.level, is_manager: isManager(user), can_add_manager: mayAddManager(user), shield_devices: user.shieldDevices };
    },

    isAdmin: (caller: Caller) => ({ is_admin: caller.user.roles.includes('root') || caller.user.roles.includes('limited_admin') }),

    managerOrUser: (caller: Caller) => ({ is_manager: isManager(caller.user), is_end_user: caller.user.roles.includes('end_user') }),

    helpers: (caller: Caller) => managedUsers(sql`${serviced(caller)} and not u.is_manager and u.roles && ${textArray(['helper', 'end_user'])}`),

    managers: (caller: Caller) => managedUsers(sql`${serviced(caller)} and u.is_manager`),

    async addHelper(caller: Caller, input: NewUser & { role: 'helper' | 'end_user'; helper_type: HelperType }): Promise<ManagedUserView> {
      return createUser(caller, input, { roles: [input.role], helperType: input.helper_type, level: 0 });
    },

    async addManager(caller: Caller, input: NewUser): Promise<ManagedUserView> {
      if (!mayAddManager(caller.user)) throw ApiError.forbidden('maxLevelReached', { level: caller.user.level });
      return createUser(caller, input, { roles: ['manager'], isManager: true, level: caller.user.level + 1 });
    },

    async deleteHelper(caller: Caller, helperId: number): Promise<void> {
      const helper = await ownHelper(caller, helperId);
      const granted = await queryRows<{ box_id: string }>(db, sql`select distinct box_id from device_shares where granted_by = ${helper.id}`);
      const boxIds = granted.map((row) => row.box_id);
      await changeBoxes(boxIds, async (tx) => {
        await dropSharesOfBlindGranters(tx, caller, boxIds, [helper.id]);
        await auditUser(tx, caller, 'delete_user', helper, null);
        await tx.delete(users).where(sql`${users.id} = ${helper.id}`);
      }, [helper.id]);
      deps.sessions.ended([helper.id]);
    },

    async changeHelperPassword(caller: Caller, helperId: number, password: string): Promise<void> {
      const helper = await ownHelper(caller, helperId);
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(sql`${users.id} = ${helper.id}`);
        await endSessionsOf(tx as unknown as Db, helper.id, 'password_reset');
        await auditUser(tx as unknown as Db, caller, 'change_password', helper, null);
      });
      deps.sessions.ended([helper.id]);
    },

    async changeModel(caller: Caller, kind: 'helper' | 'manager', userId: number, templateId: number | null): Promise<ManagedUserView> {
      const user = kind === 'helper' ? await ownHelper(caller, userId) : await subordinateManager(caller, userId);
      const template = await givableTemplate(caller, user.ck!, templateId);
      const [before] = await managedUsers(sql`u.id = ${user.id}`);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ templateId: template?.id ?? null }).where(sql`${users.id} = ${user.id}`);
        await auditUser(tx as unknown as Db, caller, 'change_model', user, template?.name ?? null, before?.template_name ?? null);
      });
      deps.scopesChanged([user.id]);
      const [view] = await managedUsers(sql`u.id = ${user.id}`);
      return view!;
    },

    /** Shielding hides the caller's part of the hierarchy from its superiors: their views change. */
    async setShield(caller: Caller, shield: boolean): Promise<PrivilegeLevelView> {
      const superiors = await queryRows<{ id: number }>(
        db,
        sql`with recursive up(id) as (select parent_id from users where id = ${caller.user.id} and parent_id is not null
              union select u.parent_id from users u join up on u.id = up.id where u.parent_id is not null) select id from up`,
      );
      // The boxes of the caller's part of the hierarchy: shares of them by its superiors end with their sight.
      const owned = await queryRows<{ id: string }>(
        db,
        sql`with recursive below(id) as (select ${caller.user.id}::int union select u.id from users u join below on u.parent_id = below.id)
            select b.id from boxes b join below on b.owner_id = below.id`,
      );
      const boxIds = owned.map((row) => row.id);
      await changeBoxes(boxIds, async (tx) => {
        await tx.update(users).set({ shieldDevices: shield }).where(sql`${users.id} = ${caller.user.id}`);
        await auditUser(tx, caller, 'set_shield', caller.user, shield ? 'shielded' : 'shown');
        await dropSharesOfBlindGranters(tx, caller, boxIds);
      }, [caller.user.id, ...superiors.map((row) => row.id)]);
      return this.privilegeLevel({ ...caller, user: { ...caller.user, shieldDevices: shield } });
    },

    /**
     * A manager: the shares it made to the user (it changes and recalls them). Root and CK-wide
     * service staff (who reach helper-device but share nothing): every share to that user of their
     * CK, whoever made it, to read; `granted_by` names the sharer.
     */
    async sharedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const target = await receiver(caller, userId);
      const granter = roleScope(caller.user) !== undefined ? sql`true` : sql`s.granted_by = ${caller.user.id}`;
      const shared = sql`exists (select 1 from device_shares s where s.box_id = b.id and s.user_id = ${target.id} and ${granter})`;
      return devicePage(shared, paging, {
        permission: sql`(select s.permission from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`,
        grantedBy: sql`(select g.username from device_shares s join users g on g.id = s.granted_by where s.box_id = b.id and s.user_id = ${target.id})`,
        switchUser: target.id,
        since: sql`(select s.created_at from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`,
      });
    },

    async unsharedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const target = await receiver(caller, userId);
      const where = sql`${await shareableCondition(caller)} and not exists (select 1 from device_shares s where s.box_id = b.id and s.user_id = ${target.id})`;
      return devicePage(where, paging, { permission: sql`null`, grantedBy: sql`null`, switchUser: null, since: sql`b.owned_since` });
    },

    async assignedDevices(caller: Caller, userId: number, paging: Paging): Promise<RelationDevicePage> {
      const staff = roleScope(caller.user) !== undefined;
      const target = staff ? await receiver(caller, userId) : await subordinateManager(caller, userId);
      const assigner = staff ? sql`b.assigned_by is not null` : sql`b.assigned_by = ${caller.user.id}`;
      return devicePage(sql`b.owner_id = ${target.id} and ${assigner}`, paging, {
        permission: sql`null`,
        grantedBy: sql`(select a.username from users a where a.id = b.assigned_by)`,
        switchUser: caller.user.id,
        since: sql`b.owned_since`,
      });
    },

    unassignedDevices: (caller: Caller, paging: Paging) =>
      devicePage(sql`b.owner_id = ${caller.user.id}`, paging, { permission: sql`null`, grantedBy: sql`null`, switchUser: null, since: sql`b.owned_since` }),

    helperTypes: () => [...HELPER_TYPES],

    async recallCheck(caller: Caller, boxId: string): Promise<{ can_recall: boolean }> {
      const [box] = await boxesById(caller, [boxId]);
      return { can_recall: mayRecallAssignment(caller.user, { ck: box!.ck, assignedBy: box!.assigned_by }) };
    },

    async ckUsers(caller: Caller, boxId: string): Promise<CkUserView[]> {
      const [box] = await boxesById(caller, [boxId]);
      if (!(await policy.access(caller.user, { id: box!.id, ck: box!.ck }))) throw notFound('boxNotFound');
      const rows = await queryRows<Omit<CkUserView, 'role' | 'via'> & { roles: string[] | string; share: SharePermission | null }>(
        db,
        sql`select u.id, u.username, u.roles, u.level, u.remark, s.permission as share,
              exists (select 1 from device_switch_grants g where g.box_id = ${box!.id} and g.user_id = u.id) as switch_authorized
            from users u left join device_shares s on s.box_id = ${box!.id} and s.user_id = u.id
            where u.ck = ${box!.ck} and u.id <> ${caller.user.id} order by u.level, u.username`,
      );
      // Each user's sight of the box is the devices policy's own decision, from its (cached) scope.
      return Promise.all(
        rows.map(async ({ roles: stored, share, ...row }) => {
          const roles = (Array.isArray(stored) ? stored : parseTextArray(stored)) as Role[];
          const scope = await policy.scopeOf({ id: row.id, roles, ck: box!.ck });
          const access = accessOf(scope, { ck: box!.ck, ownerId: box!.owner_id, share, switchGranted: row.switch_authorized });
          return { ...row, role: roles[0] ?? '', via: BOX_SIGHTS.find((sight) => sight === access?.via) ?? null };
        }),
      );
    },

    async shareDevice(caller: Caller, boxId: string, userId: number, permission: SharePermission): Promise<number> {
      const [box] = await boxesById(caller, [boxId]);
      if (!mayShare(await policy.access(caller.user, { id: box!.id, ck: box!.ck }))) throw ApiError.forbidden('deviceNotOwned');
      const target = await receiver(caller, userId);
      const [other] = await queryRows<{ username: string }>(
        db,
        sql`select u.username from device_shares s join users u on u.id = s.granted_by where s.box_id = ${box!.id} and s.user_id = ${target.id} and s.granted_by <> ${caller.user.id}`,
      );
      if (other) throw ApiError.rejected('deviceSharedByOther', { username: other.username }, 409);
      return share(caller, [box!.id], target, permission);
    },

    async shareAll(caller: Caller, userId: number, permission: SharePermission): Promise<number> {
      const target = await receiver(caller, userId);
      const rows = await queryRows<{ id: string }>(db, sql`select id from boxes where owner_id = ${caller.user.id}`);
      return rows.length === 0 ? 0 : share(caller, rows.map((row) => row.id), target, permission);
    },

    async recallShare(caller: Caller, boxId: string, userId: number): Promise<number> {
      return recallShares(caller, await receiver(caller, userId), boxId);
    },

    async recallAllShares(caller: Caller, userId: number): Promise<number> {
      return recallShares(caller, await receiver(caller, userId), null);
    },

    assign: (caller: Caller, boxIds: string[], userId: number) => assign(caller, boxIds, userId),

    async recallAssigned(caller: Caller, boxId: string): Promise<number> {
      const rows = await boxesById(caller, [boxId]);
      if (rows[0]!.assigned_by === null) throw ApiError.invalidInput([{ field: 'device_id', key: 'deviceNotAssigned' }]);
      return recallAssignments(caller, rows);
    },

    async recallAllAssigned(caller: Caller, userId: number): Promise<number> {
      const target = await userById(userId);
      // root anywhere, the other ASSIGNMENT_RECALLERS in their own CK (the route admits only them).
      if (!target || (!caller.user.roles.includes('root') && target.ck !== caller.user.ck)) throw notFound('userNotFound');
      const rows = await queryRows<{ id: string; ck: string; assigned_by: number | null }>(
        db,
        sql`select id, ck, assigned_by from boxes where owner_id = ${target.id} and assigned_by is not null`,
      );
      return recallAssignments(caller, rows);
    },

    /** add-device: the CK code proves the caller holds the box; a box of another CK answers like a wrong code. */
    async bind(caller: Caller, boxId: string, ck: string): Promise<void> {
      const [box] = await queryRows<{ id: string; ck: string; owner_id: number | null }>(db, sql`select id, ck, owner_id from boxes where id = ${boxId}`);
      if (!box) throw notFound('boxNotFound');
      if (box.ck !== ck || (caller.user.ck !== ck && !caller.user.roles.includes('root'))) throw ApiError.invalidInput([{ field: 'ck', key: 'ckMismatch' }]);
      if (box.owner_id !== null) throw ApiError.rejected('deviceAlreadyBound', undefined, 409);
      await changeBoxes([boxId], async (tx) => {
        await tx.execute(sql`update boxes set owner_id = ${caller.user.id}, assigned_by = null, owned_since = now() where id = ${boxId} and owner_id is null`);
        await audit(tx, caller, 'bind_device', [boxId], caller.user.username);
      }, [caller.user.id]);
    },

    /** delete-device: the caller lets go of boxes it owns; its grants of them and the shares nobody may keep go too. */
    async unbind(caller: Caller, boxIds: string[]): Promise<number> {
      const owned = await ownedBoxes(caller, boxIds);
      return changeBoxes(owned, async (tx) => {
        await audit(tx, caller, 'unbind_device', owned, caller.user.username);
        await tx.execute(sql`update boxes set owner_id = null, assigned_by = null, owned_since = null where id = any(${textArray(owned)})`);
        // Nobody sees an unbound box through the hierarchy: the shares of all but root and CK-wide staff end.
        await dropSharesOfBlindGranters(tx, caller, owned);
        await tx.execute(sql`delete from device_switch_grants where box_id = any(${textArray(owned)}) and granted_by = ${caller.user.id}`);
        return owned.length;
      });
    },

    async grantSwitch(caller: Caller, userId: number, boxId: string | null): Promise<number> {
      const target = await receiver(caller, userId);
      if (boxId !== null) await boxesById(caller, [boxId]);
      const { granted: boxIds, unauthorised } = await grantableBoxes(caller, target, boxId === null ? null : [boxId]);
      if (boxId !== null && unauthorised > 0) throw ApiError.forbidden('switchNotAuthorized');
      if (boxId !== null && boxIds.length === 0) throw ApiError.forbidden('deviceNotShared');
      if (boxIds.length === 0) return 0;
      return changeBoxes(boxIds, async (tx) => {
        await tx.execute(sql`insert into device_switch_grants (box_id, user_id, granted_by)
          select id, ${target.id}, ${caller.user.id} from boxes where id = any(${textArray(boxIds)}) on conflict do nothing`);
        await audit(tx, caller, 'grant_switch', boxIds, target.username);
        return boxIds.length;
      });
    },

    async revokeSwitch(caller: Caller, userId: number, boxId: string | null): Promise<number> {
      const target = await receiver(caller, userId);
      const only = boxId === null ? sql`true` : sql`g.box_id = ${boxId}`;
      const rows = await queryRows<{ box_id: string }>(
        db,
        sql`select g.box_id from device_switch_grants g join boxes b on b.id = g.box_id
            where g.user_id = ${target.id} and ${only} and (g.granted_by = ${caller.user.id} or b.owner_id = ${caller.user.id})`,
      );
      if (rows.length === 0) {
        if (boxId !== null) throw notFound('deviceNotShared');
        return 0;
      }
      const boxIds = rows.map((row) => row.box_id);
      return changeBoxes(boxIds, async (tx) => {
        await tx.execute(sql`delete from device_switch_grants where user_id = ${target.id} and box_id = any(${textArray(boxIds)})`);
        await audit(tx, caller, 'revoke_switch', boxIds, target.username);
        return boxIds.length;
      });
    },

    /* Permission templates: root anywhere, limited_admin in its CK. */

    async createTemplate(caller: Caller, input: PermissionTemplateInput & { rights: TemplateRights }): Promise<PermissionTemplateView> {
      templateCk(caller, input.ck);
      await checkRights(input.rights);
      const [row] = await queryRows<PermissionTemplateView>(
        db,
        sql`insert into permission_templates (ck, name, level, rights, created_by)
            values (${input.ck}, ${input.name}, ${input.level}, ${JSON.stringify(input.rights)}::jsonb, ${caller.user.id})
            on conflict (ck, name) do nothing returning id, ck, name, level, rights`,
      );
      if (!row) throw ApiError.rejected('templateNameTaken', { name: input.name }, 409);
      return row;
    },

    async updateTemplate(caller: Caller, id: number, input: PermissionTemplateInput & { rights: TemplateRights }): Promise<PermissionTemplateView> {
      await existingTemplate(caller, id);
      templateCk(caller, input.ck);
      await checkRights(input.rights);
      const [row] = await queryRows<PermissionTemplateView>(
        db,
        sql`update permission_templates set ck = ${input.ck}, name = ${input.name}, level = ${input.level}, rights = ${JSON.stringify(input.rights)}::jsonb
            where id = ${id} and not exists (select 1 from permission_templates o where o.ck = ${input.ck} and o.name = ${input.name} and o.id <> ${id})
            returning id, ck, name, level, rights`,
      );
      if (!row) throw ApiError.rejected('templateNameTaken', { name: input.name }, 409);
      deps.scopesChanged(await templateUsers(id));
      return row;
    },

    async deleteTemplate(caller: Caller, id: number): Promise<void> {
      await existingTemplate(caller, id);
      const holders = await templateUsers(id);
      await db.execute(sql`delete from permission_templates where id = ${id}`);
      deps.scopesChanged(holders);
    },
  };

  function templateCk(caller: Caller, ck: string): void {
    if (!caller.user.roles.includes('root') && caller.user.ck !== ck) throw ApiError.invalidInput([{ field: 'ck', key: 'ckMismatch' }]);
  }

  async function existingTemplate(caller: Caller, id: number): Promise<void> {
    const [row] = await queryRows<{ ck: string }>(db, sql`select ck from permission_templates where id = ${id}`);
    if (!row || (!caller.user.roles.includes('root') && row.ck !== caller.user.ck)) throw notFound('templateNotFound');
  }

  async function templateUsers(id: number): Promise<number[]> {
    return (await queryRows<{ id: number }>(db, sql`select id from users where template_id = ${id}`)).map((row) => row.id);
  }

  /** Every device type and register a template names must exist. */
  async function checkRights(rights: TemplateRights): Promise<void> {
    const named = Object.entries(rights).flatMap(([type, registers]) => Object.keys(registers).map((register) => ({ type, register: Number(register) })));
    if (named.length === 0) return;
    const known = await queryRows<{ type: string; register: number }>(
      db,
      sql`select device_type_id as type, number as register from device_type_registers where device_type_id = any(${textArray(Object.keys(rights))})`,
    );
    const present = new Set(known.map((row) => `${row.type}/${row.register}`));
    const missing = named.filter((entry) => !present.has(`${entry.type}/${entry.register}`));
    if (missing.length > 0) {
      throw ApiError.invalidInput(missing.slice(0, 10).map((entry) => ({ field: `rights.${entry.type}.${entry.register}`, key: 'registerUnknown', params: { register: entry.register } })));
    }
  }
}

/** A text[] as one driver answers it: an array, or PostgreSQL's `{a,b}` literal. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}
