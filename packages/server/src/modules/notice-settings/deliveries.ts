import type { Language, NoticeDelivery, NoticeDeliveryExportQuery, NoticeDeliveryQuery, Page } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Person } from '../../access/scope.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { EXPORT_BATCH_ROWS, exportDate, timeZoneOf, wallTime } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';
import { deliveryFilter, deliveryJoins, deliveryOf, deliveryRows, NEWEST_FIRST, type DeliveryRow } from './sql.js';

/** A delivery as the export writes it: its times as wall times of the exporter's zone. */
export interface DeliveryExportRow extends NoticeDelivery {
  created_local_ms: number;
  sent_local_ms: number | null;
}

/**
 * The delivery log (root, /notice/notification-log): every delivery of the outbox through an
 * external channel, newest first, with its event; and its export.
 */
export function createDeliveryLog(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const count = async (where: SQL) =>
    (await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${deliveryJoins} where ${where}`))[0]?.total ?? 0;

  return {
    async deliveries(language: Language, query: NoticeDeliveryQuery): Promise<Page<NoticeDelivery>> {
      const { page, page_size, ...rest } = query;
      const where = deliveryFilter(rest);
      const [total, rows] = await Promise.all([
        count(where),
        queryRows<DeliveryRow>(db, sql`${deliveryRows(language, where)} ${NEWEST_FIRST} limit ${page_size} offset ${(page - 1) * page_size}`),
      ]);
      return { total, items: rows.map(deliveryOf) };
    },

    exportDate: (user: Person): Promise<string> => exportDate(db, user, now()),

    /** Every matching delivery queued before the export started, newest first, a batch at a time (keyset: time, id). */
    async exportRows(user: Person, language: Language, query: NoticeDeliveryExportQuery): Promise<ExportRows<DeliveryExportRow>> {
      const startedAt = now();
      const where = deliveryFilter({ ...query, to: query.to && query.to < startedAt ? query.to : startedAt });
      const [total, zone] = await Promise.all([count(where), timeZoneOf(db, user)]);
      const batches = async function* () {
        let after: SQL = sql`true`;
        for (;;) {
          const rows = await queryRows<DeliveryRow>(db, sql`${deliveryRows(language, sql`${where} and ${after}`)} ${NEWEST_FIRST} limit ${EXPORT_BATCH_ROWS}`);
          if (rows.length > 0)
            yield rows.map((row) => {
              const delivery = deliveryOf(row);
              return { ...delivery, created_local_ms: wallTime(delivery.created_at, zone)!, sent_local_ms: wallTime(delivery.sent_at, zone) };
            });
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(d.created_at, d.id) < (${last.cursor}::timestamptz, ${last.id}::bigint)`;
        }
      };
      return { rows: total, batches: batches() };
    },
  };
}
