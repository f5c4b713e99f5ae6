import type { Language, Page, ProgramListQuery, ProgramView, UploadProgram } from '@cloudbox/domain';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { allOf, containing, paged } from '../box-delivery/sql.js';
import type { OperationLogService } from '../oplog/service.js';
import { PROGRAM_COLUMNS } from './sql.js';

/** Who asks: the operation log's and the job's user, address and language. */
export interface Caller {
  user: UserRow;
  ip: string;
  language: Language;
}

export type ProgramVersions = ReturnType<typeof createProgramVersions>;

/** The uploaded program versions: listed, read, uploaded and deleted (both audited). */
export function createProgramVersions(deps: { db: Db; oplog: OperationLogService }) {
  const { db, oplog } = deps;

  async function get(id: number, language: Language): Promise<ProgramView> {
    const [program] = await queryRows<ProgramView>(
      db,
      sql`select ${PROGRAM_COLUMNS(language)} from plc_programs p left join device_types t on t.id = p.device_type_id where p.id = ${id}`,
    );
    if (!program) throw ApiError.notFound('programNotFound');
    return program;
  }

  return {
    async list(query: ProgramListQuery, language: Language): Promise<Page<ProgramView>> {
      const filter = allOf([
        query.device_type_id ? sql`p.device_type_id = ${query.device_type_id}` : undefined,
        query.keyword
          ? sql`(p.name ilike ${containing(query.keyword)} or p.version ilike ${containing(query.keyword)} or p.file_name ilike ${containing(query.keyword)})`
          : undefined,
      ]);
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from plc_programs p where ${filter}`);
      const items = await queryRows<ProgramView>(
        db,
        sql`select ${PROGRAM_COLUMNS(language)} from plc_programs p left join device_types t on t.id = p.device_type_id where ${filter}
          order by p.created_at desc, p.id desc ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },

    get,

    /** Stores a version with the SHA-256 computed here; a version the program already has is refused (409), the upload audited. */
    async upload(caller: Caller, input: UploadProgram): Promise<ProgramView> {
      const content = Buffer.from(input.content, 'base64');
      const sha256 = createHash('sha256').update(content).digest('hex');
      const id = await db.transaction(async (tx) => {
        const [type] = await queryRows<{ id: string }>(tx, sql`select id from device_types where id = ${input.device_type_id}`);
        if (!type) throw ApiError.invalidInput([{ field: 'device_type_id', key: 'programDeviceTypeUnknown', params: { deviceType: input.device_type_id } }]);
        const [created] = await queryRows<{ id: number }>(
          tx,
          sql`insert into plc_programs (name, device_type_id, version, notes, file_name, size, sha256, content, user_id, username)
            values (${input.name}, ${input.device_type_id}, ${input.version}, ${input.notes}, ${input.file_name}, ${content.length}, ${sha256},
              ${content}, ${caller.user.id}, ${caller.user.username})
            on conflict (device_type_id, name, version) do nothing returning id`,
        );
        if (!created) throw ApiError.rejected('programVersionTaken', { name: input.name, version: input.version }, 409);
        await oplog.record(tx, {
          userId: caller.user.id,
          username: caller.user.username,
          ip: caller.ip,
          action: 'upload_program',
          newValue: `${input.device_type_id} ${input.name} ${input.version} ${content.length} B sha256 ${sha256}`,
        });
        return created.id;
      });
      return get(id, caller.language);
    },

    /** Deletes a version and its record of deliveries, audited; refused while it is still on its way somewhere. */
    async remove(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [program] = await queryRows<{ name: string; version: string; device_type_id: string; sha256: string; active: number }>(
          tx,
          sql`select name, version, device_type_id, sha256,
              (select count(*)::int from program_deliveries d where d.program_id = p.id and d.state in ('queued', 'sending', 'verifying')) as active
            from plc_programs p where id = ${id} for update`,
        );
        if (!program) throw ApiError.notFound('programNotFound');
        if (program.active > 0) throw ApiError.rejected('programDeliveriesActive', { count: program.active }, 409);
        await tx.execute(sql`delete from plc_programs where id = ${id}`);
        await oplog.record(tx, {
          userId: caller.user.id,
          username: caller.user.username,
          ip: caller.ip,
          action: 'delete_program',
          oldValue: `${program.device_type_id} ${program.name} ${program.version} sha256 ${program.sha256}`,
        });
      });
    },
  };
}
