import type { Page, ProgramDeliveryQuery, ProgramDeliveryView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { allOf, iso, paged } from '../box-delivery/sql.js';

/** Every delivery, newest first, by program, job, box and state (plc-program-record). */
export async function deliveryRecords(db: Db, query: ProgramDeliveryQuery): Promise<Page<ProgramDeliveryView>> {
  const filter = allOf([
    query.program_id ? sql`d.program_id = ${query.program_id}` : undefined,
    query.job_id ? sql`d.job_id = ${query.job_id}` : undefined,
    query.box_id ? sql`d.box_id = ${query.box_id}` : undefined,
    query.state ? sql`d.state = ${query.state}` : undefined,
  ]);
  const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from program_deliveries d where ${filter}`);
  const items = await queryRows<ProgramDeliveryView>(
    db,
    sql`select d.id, d.job_id::int as job_id, d.program_id, p.name as program_name, p.version, p.device_type_id, d.box_id, d.station, d.state,
        d.chunks_acked, d.chunks_total, d.retries, d.error, d.username, b.online,
        ${iso(sql`d.created_at`)} as created_at, ${iso(sql`d.started_at`)} as started_at, ${iso(sql`d.updated_at`)} as updated_at,
        ${iso(sql`d.finished_at`)} as finished_at
      from program_deliveries d join plc_programs p on p.id = d.program_id join boxes b on b.id = d.box_id where ${filter}
      order by d.created_at desc, d.box_id, d.station ${paged(query.page, query.page_size)}`,
  );
  return { total: total?.total ?? 0, items };
}
