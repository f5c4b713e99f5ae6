import type { CompanyDeviceTypesView, CompanyQuery, CompanyView, Language } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';

/** The raw SQL of the companies module, beside its row types. */

/** A company as listed; the time is selected as epoch milliseconds (the drivers answer timestamps differently). */
export interface CompanyRow extends Omit<CompanyView, 'created_at'> {
  created_ms: number;
}

/** One company's facts as `PUT /companies/:ck` compares them, locked for the rest of the transaction. */
export interface CompanyFacts {
  code: string;
  name: string;
  contact: string;
  phone: string;
  enabled: boolean;
}

const companyColumns = sql`k.code, k.name, k.contact, k.phone, k.enabled, k.time_zone,
  coalesce((select jsonb_agg(d.device_type_id order by d.device_type_id) from ck_device_types d where d.ck = k.code), '[]'::jsonb) as device_types,
  (select count(*)::int from users u where u.ck = k.code) as accounts,
  (select count(*)::int from boxes b where b.ck = k.code) as boxes,
  (extract(epoch from k.created_at) * 1000)::float8 as created_ms`;

/** A code or a name containing the keyword (its `%`, `_` and `\` taken literally). */
function keywordCondition(keyword: string | undefined): SQL {
  if (!keyword) return sql`true`;
  const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(k.code like ${pattern} or k.name ilike ${pattern})`;
}

export async function companyPage(executor: Executor, query: CompanyQuery): Promise<{ total: number; rows: CompanyRow[] }> {
  const where = keywordCondition(query.keyword);
  const [counted] = await queryRows<{ total: number }>(executor, sql`select count(*)::int as total from ck_codes k where ${where}`);
  const rows = await queryRows<CompanyRow>(
    executor,
    sql`select ${companyColumns} from ck_codes k where ${where} order by k.code limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return { total: counted?.total ?? 0, rows };
}

export async function companyRow(executor: Executor, ck: string): Promise<CompanyRow | undefined> {
  const [row] = await queryRows<CompanyRow>(executor, sql`select ${companyColumns} from ck_codes k where k.code = ${ck}`);
  return row;
}

/** The company's facts, its row locked until the transaction ends, so that two edits, or an edit and a delete, take turns. */
export async function lockedCompany(executor: Executor, ck: string): Promise<CompanyFacts | undefined> {
  const [row] = await queryRows<CompanyFacts>(executor, sql`select code, name, contact, phone, enabled from ck_codes where code = ${ck} for update`);
  return row;
}

/** How many accounts and boxes still carry the CK code (a company with any is not deleted). */
export async function companyMembers(executor: Executor, ck: string): Promise<{ accounts: number; boxes: number }> {
  const [row] = await queryRows<{ accounts: number; boxes: number }>(
    executor,
    sql`select (select count(*)::int from users where ck = ${ck}) as accounts, (select count(*)::int from boxes where ck = ${ck}) as boxes`,
  );
  return row ?? { accounts: 0, boxes: 0 };
}

/** The company's device types with their registers, in the language asked, in the protocol's order. */
export function companyDeviceTypes(executor: Executor, ck: string, language: Language): Promise<CompanyDeviceTypesView['device_types']> {
  const named = (column: SQL, fallback: SQL) => sql`coalesce(${column} ->> ${language}, ${column} ->> 'zh', ${column} ->> 'en', ${fallback})`;
  return queryRows(
    executor,
    sql`select t.id, ${named(sql`t.name`, sql`t.id`)} as name,
          coalesce((select jsonb_agg(jsonb_build_object('number', r.number, 'name', ${named(sql`r.name`, sql`r.number::text`)}, 'writable', r.writable)
                                     order by r.position, r.number)
                    from device_type_registers r where r.device_type_id = t.id), '[]'::jsonb) as registers
        from ck_device_types d join device_types t on t.id = d.device_type_id
        where d.ck = ${ck} order by t.id`,
  );
}
