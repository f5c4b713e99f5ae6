import { HELPER_TYPES, TOP_MANAGER_LEVEL, type HelperType, type ManagedUserView, type PrivilegeLevelView } from '@cloudbox/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { isManager, mayAddManager, startsHierarchy } from '../../access/relations.js';
import { servicedBy } from '../../access/sql.js';
import { endSessionsOf } from '../auth/sessions.js';
import type { Caller } from './lookups.js';
import { managedUserView } from './presenters.js';
import type { UserRegisterParts } from './service.js';
import { ids, managedUserRows, subtreeBoxIds, superiorIds, texts } from './sql.js';

/** A helper's message and the date until which its devices serve it (SPEC.md section 3, Helper). */
export interface HelperInfo {
  helper_message: string;
  device_expiry_date: string | null;
}

function helperInfoValues(input: HelperInfo) {
  return { helperMessage: input.helper_message, helperMessageAt: input.helper_message === '' ? null : new Date(), deviceExpiryDate: input.device_expiry_date };
}

export interface NewUser {
  username: string;
  password: string;
  remark: string;
  ck: string;
  template_id: number | null;
}

/** Managers and helpers: the caller's own, what it may know of itself, and shielding (SPEC.md section 7, /user_register). */
export function createHierarchy({ db, passwords, sessions, lookups, changes, scopesChanged }: UserRegisterParts) {
  const managedUsers = async (where: SQL): Promise<ManagedUserView[]> => (await managedUserRows(db, where)).map(managedUserView);
  const managedUser = async (id: number): Promise<ManagedUserView | undefined> => (await managedUsers(sql`u.id = ${id}`))[0];

  async function createUser(caller: Caller, input: NewUser, values: Partial<typeof users.$inferInsert>): Promise<ManagedUserView> {
    if (input.ck !== caller.user.ck) throw ApiError.invalidInput([{ field: 'ck', key: 'ckNotYours' }]);
    const template = await lookups.givableTemplate(caller, input.ck, input.template_id);
    const passwordHash = await passwords.hash(input.password);
    const id = await changes.addUser(
      caller,
      {
        username: input.username,
        passwordHash,
        ck: input.ck,
        remark: input.remark,
        templateId: template?.id ?? null,
        parentId: caller.user.id,
        createdBy: caller.user.id,
        ...values,
      },
      values.roles?.[0] ?? null,
    );
    return (await managedUser(id))!;
  }

  function privilegeLevel(user: UserRow): PrivilegeLevelView {
    return { level: user.level, is_manager: isManager(user), can_add_manager: mayAddManager(user), shield_devices: user.shieldDevices };
  }

  return {
    privilegeLevel: (caller: Caller) => privilegeLevel(caller.user),

    isAdmin: (caller: Caller) => ({ is_admin: caller.user.roles.includes('root') || caller.user.roles.includes('limited_admin') }),

    managerOrUser: (caller: Caller) => ({ is_manager: isManager(caller.user), is_end_user: caller.user.roles.includes('end_user') }),

    helperTypes: () => [...HELPER_TYPES],

    helpers: (caller: Caller) => managedUsers(sql`${servicedBy(caller.user, sql`u`)} and not u.is_manager and u.roles && ${texts(['helper', 'end_user'])}`),

    managers: (caller: Caller) => managedUsers(sql`${servicedBy(caller.user, sql`u`)} and u.is_manager`),

    addHelper: (caller: Caller, input: NewUser & { role: 'helper' | 'end_user'; helper_type: HelperType } & HelperInfo): Promise<ManagedUserView> =>
      createUser(caller, input, { roles: [input.role], helperType: input.helper_type, level: 0, ...helperInfoValues(input) }),

    /** The helper's message and device expiry date (edit-helper); the message's time is when its text last changed. */
    async changeHelperInfo(caller: Caller, helperId: number, input: HelperInfo): Promise<ManagedUserView> {
      const helper = await lookups.ownHelper(caller, helperId);
      const before = { message: helper.helperMessage, expiry: helper.deviceExpiryDate ?? '' };
      const values = helperInfoValues(input);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set(input.helper_message === helper.helperMessage ? { deviceExpiryDate: values.deviceExpiryDate } : values)
          .where(eq(users.id, helper.id));
        const describe = (info: { message: string; expiry: string }) => `message: ${info.message}, device_expiry_date: ${info.expiry}`;
        await changes.auditUser(
          tx,
          caller,
          'edit_user',
          helper,
          describe({ message: input.helper_message, expiry: input.device_expiry_date ?? '' }),
          describe(before),
        );
      });
      return (await managedUser(helper.id))!;
    },

    async addManager(caller: Caller, input: NewUser): Promise<ManagedUserView> {
      if (!mayAddManager(caller.user)) throw ApiError.forbidden('maxLevelReached', { level: caller.user.level });
      if (startsHierarchy(caller.user)) return createUser(caller, input, { roles: ['manager'], isManager: true, level: TOP_MANAGER_LEVEL, parentId: null });
      return createUser(caller, input, { roles: ['manager'], isManager: true, level: caller.user.level + 1 });
    },

    /** The helper goes, with the shares it made (audited as recalls) and its sessions. */
    async deleteHelper(caller: Caller, helperId: number): Promise<void> {
      const helper = await lookups.ownHelper(caller, helperId);
      const boxIds = await ids<string>(db, sql`select distinct box_id as id from device_shares where granted_by = ${helper.id}`);
      await changes.changeBoxes(
        boxIds,
        async (tx) => {
          await changes.dropSharesOfBlindGranters(tx, caller, boxIds, [helper.id]);
          await changes.auditUser(tx, caller, 'delete_user', helper, null);
          await tx.delete(users).where(eq(users.id, helper.id));
        },
        [helper.id],
      );
      sessions.ended([helper.id]);
    },

    async changeHelperPassword(caller: Caller, helperId: number, password: string): Promise<void> {
      const helper = await lookups.ownHelper(caller, helperId);
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, helper.id));
        await endSessionsOf(tx, helper.id, 'password_reset');
        await changes.auditUser(tx, caller, 'change_password', helper, null);
      });
      sessions.ended([helper.id]);
    },

    async changeModel(caller: Caller, kind: 'helper' | 'manager', userId: number, templateId: number | null): Promise<ManagedUserView> {
      const user = kind === 'helper' ? await lookups.ownHelper(caller, userId) : await lookups.subordinateManager(caller, userId);
      const template = await lookups.givableTemplate(caller, user.ck!, templateId);
      const before = await managedUser(user.id);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ templateId: template?.id ?? null })
          .where(eq(users.id, user.id));
        await changes.auditUser(tx, caller, 'change_model', user, template?.name ?? null, before?.template_name ?? null);
      });
      scopesChanged([user.id]);
      return (await managedUser(user.id))!;
    },

    /** Shielding hides the caller's part of the hierarchy from its superiors: their views change. */
    async setShield(caller: Caller, shield: boolean): Promise<PrivilegeLevelView> {
      const superiors = await superiorIds(db, caller.user.id);
      // The boxes of the caller's part of the hierarchy: shares of them by its superiors end with their sight.
      const boxIds = await subtreeBoxIds(db, caller.user.id);
      await changes.changeBoxes(
        boxIds,
        async (tx) => {
          await tx.update(users).set({ shieldDevices: shield }).where(eq(users.id, caller.user.id));
          await changes.auditUser(tx, caller, 'set_shield', caller.user, shield ? 'shielded' : 'shown');
          await changes.dropSharesOfBlindGranters(tx, caller, boxIds);
        },
        [caller.user.id, ...superiors],
      );
      return privilegeLevel({ ...caller.user, shieldDevices: shield });
    },
  };
}
