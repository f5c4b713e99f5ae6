import type { BoxUsage, BoxUsageTotal, MonthUsage, Page, UsageListQuery } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import { containing, paged } from './sql.js';

/** Sums of a month as numbers (bigint comes back as text on one driver). */
const SUMS = sql`coalesce(sum(u.bytes_up), 0)::float8 as bytes_up, coalesce(sum(u.bytes_down), 0)::float8 as bytes_down, coalesce(sum(u.messages), 0)::int as messages`;
/** The month of now in the box's company zone ('YYYY-MM'). */
const THIS_MONTH = sql`to_char(now() at time zone k.time_zone, 'YYYY-MM')`;
const monthRange = (month: SQL) => sql`u.day >= to_date(${month}, 'YYYY-MM') and u.day < to_date(${month}, 'YYYY-MM') + interval '1 month'`;

/** Data usage as box-dws and the device display read it (box_data_usage, counted by the usage meter). */
export function createUsageQueries(db: Db) {
  return {
    /** Every box's total of a month (default: this month in Asia/Shanghai), the largest first. */
    async list(query: UsageListQuery): Promise<Page<BoxUsageTotal>> {
      const month = query.month ? sql`${query.month}::text` : sql`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`;
      const boxFilter = query.keyword ? sql`b.id like ${containing(query.keyword)}` : sql`true`;
      const [total] = await queryRows<{ total: number }>(
        db,
        sql`select count(distinct u.box_id)::int as total from box_data_usage u join boxes b on b.id = u.box_id where ${monthRange(month)} and ${boxFilter}`,
      );
      const items = await queryRows<BoxUsageTotal>(
        db,
        sql`select u.box_id, b.ck, ${month} as month, ${SUMS} from box_data_usage u join boxes b on b.id = u.box_id
          where ${monthRange(month)} and ${boxFilter} group by u.box_id, b.ck
          order by sum(u.bytes_up + u.bytes_down) desc, u.box_id ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },

    /** One box: the days of a month (default: this month in its company's zone) and its last twelve months. */
    async box(boxId: string, month: string | undefined): Promise<BoxUsage> {
      const [box] = await queryRows<{ month: string }>(
        db,
        sql`select ${month ? sql`${month}::text` : THIS_MONTH} as month from boxes b join ck_codes k on k.code = b.ck where b.id = ${boxId}`,
      );
      if (!box) throw ApiError.notFound('boxNotFound');
      const days = await queryRows<BoxUsage['days'][number]>(
        db,
        sql`select to_char(u.day, 'YYYY-MM-DD') as day, u.bytes_up::float8 as bytes_up, u.bytes_down::float8 as bytes_down, u.messages
          from box_data_usage u where u.box_id = ${boxId} and ${monthRange(sql`${box.month}::text`)} order by u.day`,
      );
      const months = await queryRows<BoxUsage['months'][number]>(
        db,
        sql`select to_char(u.day, 'YYYY-MM') as month, ${SUMS} from box_data_usage u
          where u.box_id = ${boxId} and u.day >= to_date(${box.month}, 'YYYY-MM') - interval '11 months'
            and u.day < to_date(${box.month}, 'YYYY-MM') + interval '1 month'
          group by 1 order by 1 desc`,
      );
      return { box_id: boxId, month: box.month, days, months };
    },

    /** This month's usage of a box (the device display's "device flow"). */
    async thisMonth(boxId: string): Promise<MonthUsage> {
      const [row] = await queryRows<MonthUsage>(
        db,
        sql`select ${THIS_MONTH} as month, coalesce(sum(u.bytes_up), 0)::float8 as bytes_up, coalesce(sum(u.bytes_down), 0)::float8 as bytes_down
          from boxes b join ck_codes k on k.code = b.ck left join box_data_usage u on u.box_id = b.id and ${monthRange(THIS_MONTH)}
          where b.id = ${boxId} group by k.time_zone`,
      );
      return row ?? { month: '', bytes_up: 0, bytes_down: 0 };
    },
  };
}
