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
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { ckCodes, users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { accountsCompanyOf, mayGiveRole, mayResetPasswordOf } from '../../access/accounts.js';
import { endSessionsOf, type SessionService } from '../auth/sessions.js';
import type { OperationLogService } from '../oplog/service.js';
import { createChanges } from '../user-register/changes.js';
import type { Caller } from '../user-register/lookups.js';
import type { PasswordHasher } from '../users/passwords.js';
import { createAccountChecks } from './lookups.js';
import { accountView, editedFields } from './presenters.js';
import { createAccountRemoval } from './removal.js';
import { accountPage, accountRow } from './sql.js';

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
  const checks = createAccountChecks(db);
  const { lookups, view, reachable, managed, districtParent, companyFor } = checks;
  const changes = createChanges({ db, oplog, scopesChanged });

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
    ...createAccountRemoval({ db, sessions, changes, checks }),

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
      const id = await changes.addUser(
        caller,
        {
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
        },
        input.role,
      );
      return view(id);
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

    /** A new random password, answered once; the user must change it at its next sign-in, and is signed out everywhere. */
    async resetPassword(caller: Caller, id: number): Promise<PasswordResetView> {
      return setPasswordOnce(caller, await reachable(caller, id));
    },
  };
}
