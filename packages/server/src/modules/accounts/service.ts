import { randomBytes } from 'node:crypto';
import {
  TOP_MANAGER_LEVEL,
  type AccountCompanyView,
  type AccountEdit,
  type AccountFilterQuery,
  type AccountPage,
  type AccountView,
  type NewAccount,
  type PasswordResetView,
} from '@cloudbox/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { boxes, ckCodes, users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { accountsCompanyOf, mayGiveRole, mayManageAccount, mayResetPasswordOf } from '../../access/accounts.js';
import { isManager, reachesCk } from '../../access/relations.js';
import { endSessionsOf, type SessionService } from '../auth/sessions.js';
import type { OperationLogService } from '../oplog/service.js';
import { createChanges } from '../user-register/changes.js';
import { createLookups, notFound, type Caller } from '../user-register/lookups.js';
import { ids } from '../user-register/sql.js';
import type { PasswordHasher } from '../users/passwords.js';
import { accountView, editedFields } from './presenters.js';
import { accountPage, accountRow, liftSubordinates, moveOwnedBoxes } from './sql.js';

export interface AccountDeps {
  db: Db;
  passwords: PasswordHasher;
  sessions: Pick<SessionService, 'ended'>;
  oplog: Pick<OperationLogService, 'record' | 'recordEach'>;
  scopesChanged: (userIds: number[]) => void;
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * 9 random bytes: 12 base64url characters (72 bits), within the password rules of SPEC.md section
 * 5 and short enough to read out over the phone; the user replaces it at its next sign-in.
 */
const RESET_PASSWORD_BYTES = 9;

/**
 * A company's accounts (DESIGN.md section 5): created, edited, disabled, deleted and their
 * passwords reset by root (any company) or the company's factory account (its own staff).
 * Every change is one transaction with its operation-log entry.
 */
export function createAccountService({ db, passwords, sessions, oplog, scopesChanged }: AccountDeps) {
  const lookups = createLookups(db);
  const changes = createChanges({ db, oplog, scopesChanged });

  async function view(id: number): Promise<AccountView> {
    const row = await accountRow(db, id);
    if (!row) throw notFound('accountNotFound');
    return accountView(row);
  }

  /** The account an id names, where the caller may name it: another company's is answered like a missing one. */
  async function reachable(caller: Caller, id: number): Promise<UserRow> {
    const target = await lookups.userById(id);
    if (!target || !reachesCk(caller.user, target.ck)) throw notFound('accountNotFound');
    return target;
  }

  async function managed(caller: Caller, id: number): Promise<UserRow> {
    const target = await reachable(caller, id);
    if (target.id === caller.user.id) throw ApiError.forbidden('accountSelf');
    if (!mayManageAccount(caller.user, target)) throw ApiError.forbidden('accountOutOfReach');
    return target;
  }

  /** A regional distributor's superior: a district distributor of its company. */
  async function districtParent(ck: string | null, role: string, parentId: number | null): Promise<number | null> {
    if (parentId === null) return null;
    if (role !== 'regional_distributor') throw ApiError.invalidInput([{ field: 'parent_id', key: 'accountParentNotRegional' }]);
    const parent = await lookups.userById(parentId);
    if (!parent || parent.ck !== ck || !parent.roles.includes('district_distributor')) {
      throw ApiError.invalidInput([{ field: 'parent_id', key: 'accountParentInvalid' }]);
    }
    return parent.id;
  }

  /** The company a new account joins: root names any that exists, a factory account its own. */
  async function companyFor(caller: Caller, ck: string): Promise<string> {
    if (!caller.user.roles.includes('root')) {
      if (ck !== caller.user.ck) throw ApiError.invalidInput([{ field: 'ck', key: 'ckNotYours' }]);
      return ck;
    }
    const [company] = await db.select({ code: ckCodes.code }).from(ckCodes).where(eq(ckCodes.code, ck));
    if (!company) throw ApiError.invalidInput([{ field: 'ck', key: 'accountCompanyNotFound' }]);
    return ck;
  }

  /** Where a deleted account's boxes go: its superior, or another manager of its company. */
  async function heirOf(target: UserRow, boxesTo: number | undefined, owned: number): Promise<UserRow | undefined> {
    if (owned === 0) return undefined;
    if (boxesTo === undefined) throw ApiError.invalidInput([{ field: 'boxes_to', key: 'accountBoxesToRequired', params: { count: owned } }]);
    const heir = await lookups.userById(boxesTo);
    const valid =
      heir !== undefined &&
      heir.id !== target.id &&
      heir.ck === target.ck &&
      (heir.id === target.parentId || (isManager(heir) && heir.enabled && !heir.roles.includes('root')));
    if (!valid) throw ApiError.invalidInput([{ field: 'boxes_to', key: 'accountBoxesToInvalid' }]);
    return heir;
  }

  async function setPasswordOnce(caller: Caller, target: UserRow): Promise<PasswordResetView> {
    if (!mayResetPasswordOf(caller.user, target)) throw ApiError.forbidden('accountOutOfReach');
    const password = randomBytes(RESET_PASSWORD_BYTES).toString('base64url');
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: true }).where(eq(users.id, target.id));
      await endSessionsOf(tx, target.id, 'password_reset');
      await changes.auditUser(tx, caller, 'reset_password', target, null);
    });
    sessions.ended([target.id]);
    return { user_id: target.id, username: target.username, password };
  }

  return {
    /** The companies the caller manages accounts of (the console's company picker). */
    async companies(caller: Caller): Promise<AccountCompanyView[]> {
      const rows = await db
        .select({ code: ckCodes.code, name: ckCodes.name, enabled: ckCodes.enabled })
        .from(ckCodes)
        .where(caller.user.roles.includes('root') ? undefined : eq(ckCodes.code, caller.user.ck ?? ''))
        .orderBy(asc(ckCodes.code));
      return rows;
    },

    async list(caller: Caller, query: AccountFilterQuery): Promise<AccountPage> {
      const ck = accountsCompanyOf(caller.user, query.ck);
      const { total, rows } = await accountPage(db, { ck, role: query.role, keyword: query.keyword }, query);
      return { total, items: rows.map(accountView) };
    },

    async create(caller: Caller, input: NewAccount): Promise<AccountView> {
      if (!mayGiveRole(caller.user, input.role)) throw ApiError.forbidden('accountOutOfReach');
      const ck = await companyFor(caller, input.ck);
      const template = await lookups.givableTemplate(caller, ck, input.template_id);
      const parentId = await districtParent(ck, input.role, input.parent_id);
      const topManager = input.role === 'manager';
      const passwordHash = await passwords.hash(input.password);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            passwordHash,
            roles: [input.role],
            ck,
            remark: input.remark,
            templateId: template?.id ?? null,
            parentId,
            // A company's top manager: where its hierarchy (add_next_manager, DESIGN.md section 5) starts.
            isManager: topManager,
            level: topManager ? TOP_MANAGER_LEVEL : 0,
            showFeedback: input.show_feedback,
            showDelBox: input.show_del_box,
            createdBy: caller.user.id,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (row) await changes.auditUser(tx, caller, 'add_user', { username: input.username, ck }, input.role);
        return row;
      });
      if (!created) throw ApiError.invalidInput([{ field: 'username', key: 'userNameTaken', params: { username: input.username } }]);
      return view(created.id);
    },

    async update(caller: Caller, id: number, input: AccountEdit): Promise<AccountView> {
      const target = await managed(caller, id);
      const before = await view(target.id);
      const template = input.template_id === undefined ? undefined : await lookups.givableTemplate(caller, target.ck!, input.template_id);
      const parentId = input.parent_id === undefined ? undefined : await districtParent(target.ck, before.role, input.parent_id);
      const disabling = input.enabled === false && target.enabled;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            remark: input.remark,
            showFeedback: input.show_feedback,
            showDelBox: input.show_del_box,
            templateId: template === undefined ? undefined : (template?.id ?? null),
            enabled: input.enabled,
            parentId,
          })
          .where(eq(users.id, target.id));
        // A disabled account is signed out everywhere at once, not at its sessions' expiry.
        if (disabling) await endSessionsOf(tx, target.id, 'account_disabled');
        const after = await accountRow(tx, target.id);
        const edited = editedFields(before, accountView(after!));
        if (edited) await changes.auditUser(tx, caller, 'edit_user', target, edited.now, edited.old);
      });
      if (disabling) sessions.ended([target.id]);
      if (template !== undefined) scopesChanged([target.id]);
      return view(target.id);
    },

    /**
     * Deletes an account in one transaction: the boxes it owns go to `boxesTo` (its superior or
     * another manager of its company; required when it owns any), the shares and switch grants
     * that no longer have a rightful granter end, its subordinates move up to its superior.
     */
    async remove(caller: Caller, id: number, boxesTo: number | undefined): Promise<void> {
      const target = await managed(caller, id);
      const [owned] = await db.select({ boxes: count() }).from(boxes).where(eq(boxes.ownerId, target.id));
      const heir = await heirOf(target, boxesTo, owned?.boxes ?? 0);
      const boxIds = await ids<string>(
        db,
        sql`select id from boxes where owner_id = ${target.id} union select box_id as id from device_shares where granted_by = ${target.id}`,
      );
      await changes.changeBoxes(
        boxIds,
        async (tx) => {
          if (heir) {
            const moved = await moveOwnedBoxes(tx, target.id, heir.id);
            await changes.auditBoxes(tx, caller, 'assign_device', moved, heir.username, target.username);
          }
          await liftSubordinates(tx, target);
          await changes.dropSharesOfBlindGranters(tx, caller, boxIds, [target.id]);
          await changes.auditUser(tx, caller, 'delete_user', target, null);
          await tx.delete(users).where(eq(users.id, target.id));
        },
        [target.id, ...(heir ? [heir.id] : [])],
      );
      sessions.ended([target.id]);
    },

    /** A new random password, answered once; the user must change it at its next sign-in, and is signed out everywhere. */
    async resetPassword(caller: Caller, id: number): Promise<PasswordResetView> {
      return setPasswordOnce(caller, await reachable(caller, id));
    },
  };
}
