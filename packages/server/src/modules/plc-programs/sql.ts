import type { Language } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { iso } from '../box-delivery/sql.js';

/** A program version as the console shows it (`ProgramView`), from `plc_programs p` joined with `device_types t`. */
export const PROGRAM_COLUMNS = (
  language: Language,
) => sql`p.id, p.name, p.device_type_id, coalesce(t.name ->> ${language}, t.name ->> 'zh', p.device_type_id) as device_type_name,
  p.version, p.notes, p.file_name, p.size, p.sha256, p.username, ${iso(sql`p.created_at`)} as created_at,
  (select count(*)::int from program_deliveries d where d.program_id = p.id) as deliveries,
  (select count(*)::int from program_deliveries d where d.program_id = p.id and d.state in ('queued', 'sending', 'verifying')) as active_deliveries`;

/** A delivery's row as the sender reads it (`DeliveryRow`), from `program_deliveries`. */
export const DELIVERY_ROW_COLUMNS = sql`id, box_id as "boxId", station, state, chunk_size as "chunkSize", chunks_total as "chunksTotal",
  chunks_acked as "chunksAcked", retries, error`;
