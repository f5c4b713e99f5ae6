import {
  Code,
  type CompanyDeviceTypesView,
  type CompanyPage,
  type CompanyQuery,
  type CompanyView,
  type CreateCompany,
  type Language,
  type UpdateCompany,
} from '@cloudbox/domain';
import { eq, inArray } from 'drizzle-orm';
import { ckExists } from '../../db/ck-codes.js';
import type { Db, Executor } from '../../db/index.js';
import { ckCodes, ckDeviceTypes, deviceTypes, permissionTemplates, users } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { endSessionsOf, type SessionService } from '../auth/sessions.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { companyDeviceTypes, companyMembers, companyPage, companyRow, lockedCompany, type CompanyFacts, type CompanyRow } from './sql.js';

export type CompanyService = ReturnType<typeof createCompanyService>;

export interface CompanyDeps {
  db: Db;
  oplog: OperationLogService;
  sessions: SessionService;
}

const notFound = (ck: string) => ApiError.rejected('companyNotFound', { ck }, 404);

function present(row: CompanyRow): CompanyView {
  const { created_ms, ...company } = row;
  return { ...company, created_at: new Date(created_ms).toISOString() };
}

const EDITABLE = ['name', 'contact', 'phone', 'enabled'] as const;

/** The facts an edit changes, before and after, as the operation log shows them (`name=Acme; enabled=false`). */
function changesOf(before: CompanyFacts, input: UpdateCompany): { oldValue: string; newValue: string } | undefined {
  const changed = EDITABLE.filter((field) => input[field] !== undefined && input[field] !== before[field]);
  if (changed.length === 0) return undefined;
  const describe = (facts: Partial<CompanyFacts>) => changed.map((field) => `${field}=${String(facts[field])}`).join('; ');
  return { oldValue: describe(before), newValue: describe(input) };
}

/**
 * Companies (CK codes), for root: created, edited, enabled and disabled, deleted while empty, and
 * the device types each uses. Every change is one transaction with its operation-log entry
 * (`box_id` null, `ck` the company's). Disabling a company ends its accounts' sessions at once:
 * a disabled company's people must not keep working in an open console.
 */
export function createCompanyService({ db, oplog, sessions }: CompanyDeps) {
  const audit = (
    tx: Executor,
    actor: Actor,
    entry: { action: 'add_company' | 'edit_company' | 'delete_company' | 'set_company_device_types'; ck: string; oldValue?: string; newValue?: string },
  ) => oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, ...entry });

  async function view(ck: string): Promise<CompanyView> {
    const row = await companyRow(db, ck);
    if (!row) throw notFound(ck);
    return present(row);
  }

  async function deviceTypesOf(ck: string, language: Language): Promise<CompanyDeviceTypesView> {
    return { ck, device_types: await companyDeviceTypes(db, ck, language) };
  }

  return {
    async list(query: CompanyQuery): Promise<CompanyPage> {
      const { total, rows } = await companyPage(db, query);
      return { total, items: rows.map(present) };
    },

    async create(actor: Actor, input: CreateCompany): Promise<CompanyView> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ckCodes)
          .values({ code: input.code, name: input.name, contact: input.contact, phone: input.phone, enabled: input.enabled })
          .onConflictDoNothing()
          .returning({ code: ckCodes.code });
        if (row) await audit(tx, actor, { ck: input.code, action: 'add_company', newValue: input.name });
        return row !== undefined;
      });
      if (!created) throw new ApiError(409, Code.REJECTED, [{ field: 'code', key: 'companyExists', params: { ck: input.code } }]);
      return view(input.code);
    },

    async update(actor: Actor, ck: string, input: UpdateCompany): Promise<CompanyView> {
      if (input.code !== undefined && input.code !== ck) throw ApiError.invalidInput([{ field: 'code', key: 'companyCodeImmutable' }]);
      const disabledAccounts = await db.transaction(async (tx) => {
        const before = await lockedCompany(tx, ck);
        if (!before) throw notFound(ck);
        const changes = changesOf(before, input);
        if (!changes) return [];
        await tx.update(ckCodes).set({ name: input.name, contact: input.contact, phone: input.phone, enabled: input.enabled }).where(eq(ckCodes.code, ck));
        await audit(tx, actor, { ck, action: 'edit_company', ...changes });
        if (!(before.enabled && input.enabled === false)) return [];
        const accounts = await tx.select({ id: users.id }).from(users).where(eq(users.ck, ck));
        for (const account of accounts) await endSessionsOf(tx, account.id, 'account_disabled');
        return accounts.map((account) => account.id);
      });
      if (disabledAccounts.length > 0) sessions.ended(disabledAccounts);
      return view(ck);
    },

    /** Only an empty company goes (no account, no box); its templates and device types go with it. */
    async remove(actor: Actor, ck: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockedCompany(tx, ck);
        if (!before) throw notFound(ck);
        const members = await companyMembers(tx, ck);
        if (members.accounts > 0 || members.boxes > 0) throw ApiError.rejected('companyInUse', { ck, ...members }, 409);
        await tx.delete(permissionTemplates).where(eq(permissionTemplates.ck, ck));
        await tx.delete(ckCodes).where(eq(ckCodes.code, ck));
        await audit(tx, actor, { ck, action: 'delete_company', oldValue: before.name });
      });
    },

    async deviceTypes(ck: string, language: Language): Promise<CompanyDeviceTypesView> {
      if (!(await ckExists(db, ck))) throw notFound(ck);
      return deviceTypesOf(ck, language);
    },

    /** Replaces the set of device types the company uses; every id must be a device type's. */
    async setDeviceTypes(actor: Actor, ck: string, wanted: readonly string[], language: Language): Promise<CompanyDeviceTypesView> {
      const ids = [...new Set(wanted)].sort();
      const known = new Set(
        ids.length === 0 ? [] : (await db.select({ id: deviceTypes.id }).from(deviceTypes).where(inArray(deviceTypes.id, ids))).map((row) => row.id),
      );
      const unknown = wanted.flatMap((id, index) =>
        known.has(id) ? [] : [{ field: `device_types.${index}`, key: 'deviceTypeUnknown' as const, params: { deviceType: id } }],
      );
      if (unknown.length > 0) throw ApiError.invalidInput(unknown.slice(0, 10));
      await db.transaction(async (tx) => {
        if (!(await lockedCompany(tx, ck))) throw notFound(ck);
        const before = (await tx.select({ id: ckDeviceTypes.deviceTypeId }).from(ckDeviceTypes).where(eq(ckDeviceTypes.ck, ck))).map((row) => row.id).sort();
        if (before.join(',') === ids.join(',')) return;
        await tx.delete(ckDeviceTypes).where(eq(ckDeviceTypes.ck, ck));
        if (ids.length > 0) await tx.insert(ckDeviceTypes).values(ids.map((deviceTypeId) => ({ ck, deviceTypeId })));
        await audit(tx, actor, { ck, action: 'set_company_device_types', oldValue: before.join(', '), newValue: ids.join(', ') });
      });
      return deviceTypesOf(ck, language);
    },
  };
}
