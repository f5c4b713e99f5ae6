import type { PermissionTemplateInput, PermissionTemplateView, TemplateRights } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { requireKnownCk } from '../../db/ck-codes.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import { reachesCk } from '../../access/relations.js';
import { reachedCk } from '../../access/sql.js';
import { notFound, type Caller } from './lookups.js';
import type { UserRegisterParts } from './service.js';
import { ids, templateRows, texts } from './sql.js';

type TemplateInput = PermissionTemplateInput & { rights: TemplateRights };

/** Permission templates (models): root in any CK, limited_admin in its own; a change reaches their holders at once. */
export function createTemplates({ db, scopesChanged }: UserRegisterParts) {
  /** A template belongs to a CK the caller reaches, and that exists (root reaches CK codes nobody created). */
  async function templateCk(caller: Caller, ck: string): Promise<void> {
    if (!reachesCk(caller.user, ck)) throw ApiError.invalidInput([{ field: 'ck', key: 'ckMismatch' }]);
    await requireKnownCk(db, ck);
  }

  async function existingTemplate(caller: Caller, id: number): Promise<void> {
    const [row] = await queryRows<{ ck: string }>(db, sql`select ck from permission_templates where id = ${id}`);
    if (!row || !reachesCk(caller.user, row.ck)) throw notFound('templateNotFound');
  }

  const holders = (id: number) => ids<number>(db, sql`select id from users where template_id = ${id}`);

  /** Every device type and register a template names must exist. */
  async function checkRights(rights: TemplateRights): Promise<void> {
    const named = Object.entries(rights).flatMap(([type, registers]) => Object.keys(registers).map((register) => ({ type, register: Number(register) })));
    if (named.length === 0) return;
    const known = await queryRows<{ type: string; register: number }>(
      db,
      sql`select device_type_id as type, number as register from device_type_registers where device_type_id = any(${texts(Object.keys(rights))})`,
    );
    const present = new Set(known.map((row) => `${row.type}/${row.register}`));
    const missing = named.filter((entry) => !present.has(`${entry.type}/${entry.register}`));
    if (missing.length > 0) {
      throw ApiError.invalidInput(
        missing
          .slice(0, 10)
          .map((entry) => ({ field: `rights.${entry.type}.${entry.register}`, key: 'registerUnknown', params: { register: entry.register } })),
      );
    }
  }

  return {
    /** The templates of the caller's CK (root: all, or one CK's: a company's models), optionally of one level. */
    levelModels(caller: Caller, level: number | undefined, ck?: string): Promise<PermissionTemplateView[]> {
      return templateRows(
        db,
        sql`${reachedCk(caller.user, sql`ck`)} and ${level === undefined ? sql`true` : sql`level = ${level}`} and ${ck === undefined ? sql`true` : sql`ck = ${ck}`}`,
      );
    },

    /** One template the caller reaches (the permission modify screen). */
    async template(caller: Caller, id: number): Promise<PermissionTemplateView> {
      const [row] = await templateRows(db, sql`id = ${id} and ${reachedCk(caller.user, sql`ck`)}`);
      if (!row) throw notFound('templateNotFound');
      return row;
    },

    async createTemplate(caller: Caller, input: TemplateInput): Promise<PermissionTemplateView> {
      await templateCk(caller, input.ck);
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

    async updateTemplate(caller: Caller, id: number, input: TemplateInput): Promise<PermissionTemplateView> {
      await existingTemplate(caller, id);
      await templateCk(caller, input.ck);
      await checkRights(input.rights);
      const [row] = await queryRows<PermissionTemplateView>(
        db,
        sql`update permission_templates set ck = ${input.ck}, name = ${input.name}, level = ${input.level}, rights = ${JSON.stringify(input.rights)}::jsonb
            where id = ${id} and not exists (select 1 from permission_templates o where o.ck = ${input.ck} and o.name = ${input.name} and o.id <> ${id})
            returning id, ck, name, level, rights`,
      );
      if (!row) throw ApiError.rejected('templateNameTaken', { name: input.name }, 409);
      scopesChanged(await holders(id));
      return row;
    },

    async deleteTemplate(caller: Caller, id: number): Promise<void> {
      await existingTemplate(caller, id);
      const before = await holders(id);
      await db.execute(sql`delete from permission_templates where id = ${id}`);
      scopesChanged(before);
    },
  };
}
