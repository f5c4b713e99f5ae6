import type { LayoutRegister, PageLayoutInput, PageLayoutRow, PageLayoutView, PageTemplate } from '@cloudbox/domain';
import { DEFAULT_LAYOUT_ALIAS, type LocalizedText } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { requireDeviceType } from '../../db/device-types.js';
import type { Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import type { TypeSettingsDeps } from './service.js';

type SaveInput = Required<Pick<PageLayoutInput, 'alias' | 'rows'>> & Pick<PageLayoutInput, 'template'>;

interface TypeRow {
  id: string;
  number: number;
  name: LocalizedText;
  template: PageTemplate;
}

const aliasesOf = (executor: Executor, typeId: string) =>
  queryRows<{ alias: string; ck: string | null }>(executor, sql`select alias, ck from device_type_aliases where device_type_id = ${typeId} order by alias`);

const rowsOf = (executor: Executor, typeId: string, alias: string) =>
  queryRows<PageLayoutRow>(
    executor,
    sql`select row, name1, register1, name2, register2 from device_type_layout_rows
        where device_type_id = ${typeId} and alias = ${alias} order by row`,
  );

/** How the operation log shows a layout: its template and its register pairs in order (`controller: 1/2, 3, 5/6`). */
function describe(template: string, rows: readonly Pick<PageLayoutRow, 'register1' | 'register2'>[]): string {
  const pairs = rows.map((row) => (row.register2 === null ? `${row.register1}` : `${row.register1}/${row.register2}`));
  return `${template}: ${pairs.join(', ')}`.slice(0, 2000);
}

/**
 * Page layouts per (device type, alias): '' is the type's own, which an alias without rows of its
 * own shows. Every register must be the type's; rows are renumbered 1..n; the template is the
 * type's, changed only with its own layout.
 */
export function createLayouts({ db, oplog, deviceTypesChanged }: TypeSettingsDeps) {
  async function typeOf(executor: Executor, ref: string, lock = false): Promise<TypeRow> {
    const { id } = await requireDeviceType(executor, ref);
    const [row] = await queryRows<TypeRow>(
      executor,
      sql`select id, number, name, template from device_types where id = ${id} ${lock ? sql`for update` : sql``}`,
    );
    if (!row) throw ApiError.notFound('deviceTypeNotFound');
    return row;
  }

  async function registersOf(executor: Executor, typeId: string): Promise<LayoutRegister[]> {
    return queryRows<LayoutRegister>(
      executor,
      sql`select number, name, unit from device_type_registers where device_type_id = ${typeId} order by position, number`,
    );
  }

  async function view(executor: Executor, type: TypeRow, alias: string): Promise<PageLayoutView> {
    const [aliases, own, registers] = await Promise.all([aliasesOf(executor, type.id), rowsOf(executor, type.id, alias), registersOf(executor, type.id)]);
    if (alias !== '' && !aliases.some((entry) => entry.alias === alias)) throw ApiError.rejected('typeSettingsAliasUnknown', { alias }, 404);
    const inherited = alias !== '' && own.length === 0;
    const rows = inherited ? await rowsOf(executor, type.id, '') : own;
    return { device_type: { id: type.id, number: type.number, name: type.name }, alias, aliases, template: type.template, inherited, rows, registers };
  }

  /** Field errors of a layout: an alias the type lacks, a template changed on an alias, registers the type lacks. */
  async function problemsOf(type: TypeRow, input: SaveInput) {
    const [aliases, registers] = await Promise.all([aliasesOf(db, type.id), registersOf(db, type.id)]);
    const known = new Set(registers.map((register) => register.number));
    const problems = [];
    if (input.alias !== '' && !aliases.some((entry) => entry.alias === input.alias)) {
      problems.push({ field: 'alias', key: 'typeSettingsAliasUnknown' as const, params: { alias: input.alias } });
    }
    if (input.alias !== '' && input.template !== undefined && input.template !== type.template) {
      problems.push({ field: 'template', key: 'typeSettingsTemplatePerType' as const });
    }
    input.rows.forEach((row, index) => {
      for (const cell of ['register1', 'register2'] as const) {
        const register = row[cell];
        if (register !== null && register !== undefined && !known.has(register)) {
          problems.push({ field: `rows.${index}.${cell}`, key: 'typeSettingsRegisterUnknown' as const, params: { register } });
        }
      }
    });
    return problems;
  }

  return {
    async get(ref: string, alias: string): Promise<PageLayoutView> {
      return view(db, await typeOf(db, ref), alias);
    },

    /** Replaces the rows of (type, alias) in one transaction with its operation-log entry; every instance reloads the type after. */
    async save(actor: Actor, ref: string, input: SaveInput): Promise<PageLayoutView> {
      const type = await typeOf(db, ref);
      const problems = await problemsOf(type, input);
      if (problems.length > 0) throw ApiError.invalidInput(problems.slice(0, 20));
      const saved = await db.transaction(async (tx) => {
        const locked = await typeOf(tx, type.id, true);
        const before = await rowsOf(tx, type.id, input.alias);
        const template = input.alias === '' && input.template ? input.template : locked.template;
        await tx.execute(sql`delete from device_type_layout_rows where device_type_id = ${type.id} and alias = ${input.alias}`);
        for (const [index, row] of input.rows.entries()) {
          await tx.execute(sql`insert into device_type_layout_rows (device_type_id, alias, row, name1, register1, name2, register2)
            values (${type.id}, ${input.alias}, ${index + 1}, ${JSON.stringify(row.name1)}::jsonb, ${row.register1},
                    ${row.name2 ? JSON.stringify(row.name2) : null}::jsonb, ${row.register2 ?? null})`);
        }
        await tx.execute(sql`update device_types set template = ${template}, updated_at = now() where id = ${type.id}`);
        const ck = (await aliasesOf(tx, type.id)).find((entry) => entry.alias === input.alias)?.ck ?? null;
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'edit_type_layout',
          ck,
          oldValue: `${type.id}/${input.alias || DEFAULT_LAYOUT_ALIAS} ${describe(locked.template, before)}`,
          newValue: `${type.id}/${input.alias || DEFAULT_LAYOUT_ALIAS} ${describe(
            template,
            input.rows.map((row) => ({ register1: row.register1, register2: row.register2 ?? null })),
          )}`,
        });
        return view(tx, { ...locked, template }, input.alias);
      });
      deviceTypesChanged([type.id]);
      return saved;
    },
  };
}
