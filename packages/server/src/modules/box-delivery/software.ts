import type { BoxModelInput, BoxModelView, BoxSoftwareQuery, BoxSoftwareView, Page, SoftwareTargetView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { OperationLogService } from '../oplog/service.js';
import { allOf, containing, iso, paged, type Caller } from './sql.js';

/** A box differs when its company set a target and the box reports another version. */
const DIFFERS = sql`(k.target_software <> '' and b.software <> k.target_software)`;

/**
 * The box-software screen: the software boxes report (their hello), each company's target version
 * (ck_codes.target_software), the boxes that differ, and the box models (box_models).
 */
export function createBoxSoftware(deps: { db: Db; oplog: OperationLogService }) {
  const { db, oplog } = deps;

  return {
    async list(query: BoxSoftwareQuery): Promise<Page<BoxSoftwareView>> {
      const filter = allOf([
        query.keyword
          ? sql`(b.id like ${containing(query.keyword)} or b.software ilike ${containing(query.keyword)} or b.model ilike ${containing(query.keyword)})`
          : undefined,
        query.ck ? sql`b.ck = ${query.ck}` : undefined,
        query.differs === 'true' ? DIFFERS : query.differs === 'false' ? sql`not ${DIFFERS}` : undefined,
      ]);
      const from = sql`from boxes b join ck_codes k on k.code = b.ck where ${filter}`;
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from}`);
      const items = await queryRows<BoxSoftwareView>(
        db,
        sql`select b.id as box_id, b.ck, b.model, b.software, k.target_software, ${DIFFERS} as differs, b.online
          ${from} order by ${DIFFERS} desc, b.id ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },

    /** Every company with its target and how many of its boxes differ. */
    async targets(): Promise<SoftwareTargetView[]> {
      return queryRows<SoftwareTargetView>(
        db,
        sql`select k.code as ck, k.name, k.target_software, count(b.id)::int as boxes, (count(b.id) filter (where ${DIFFERS}))::int as differing
          from ck_codes k left join boxes b on b.ck = k.code group by k.code order by k.code`,
      );
    },

    async setTarget(caller: Caller, ck: string, target: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [company] = await queryRows<{ old: string }>(tx, sql`select target_software as old from ck_codes where code = ${ck} for update`);
        if (!company) throw ApiError.rejected('ckUnknown', { ck }, 404);
        if (company.old === target) return;
        await tx.execute(sql`update ck_codes set target_software = ${target} where code = ${ck}`);
        await oplog.record(tx, {
          userId: caller.user.id,
          username: caller.user.username,
          ip: caller.ip,
          action: 'set_target_software',
          ck,
          oldValue: company.old,
          newValue: target,
        });
      });
    },

    async models(): Promise<BoxModelView[]> {
      return queryRows<BoxModelView>(
        db,
        sql`select m.id, m.name, m.remark, ${iso(sql`m.created_at`)} as created_at,
            (select count(*)::int from boxes b where b.model = m.name) as boxes,
            coalesce((select jsonb_object_agg(language, version) from (select language, max(version) as version from box_model_configs c
              where c.model_id = m.id group by language) v), '{}'::jsonb) as versions
          from box_models m order by m.name`,
      );
    },

    async createModel(input: BoxModelInput): Promise<BoxModelView> {
      const name = input.name.trim();
      const [created] = await queryRows<{ id: number }>(
        db,
        sql`insert into box_models (name, remark) values (${name}, ${(input.remark ?? '').trim()}) on conflict (name) do nothing returning id`,
      );
      if (!created) throw ApiError.rejected('boxModelExists', undefined, 409);
      const model = (await this.models()).find((candidate) => candidate.id === created.id);
      return model!;
    },
  };
}
