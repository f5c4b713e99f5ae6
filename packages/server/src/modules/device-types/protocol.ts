import {
  formatMessage,
  PROTOCOL_MAX_ROWS,
  registerSchema,
  rowOfRegister,
  type Language,
  type ProtocolRow,
  type ProtocolSaved,
  type ProtocolVersion,
  type ProtocolView,
  type Register,
  type RegisterInput,
  type SaveProtocol,
  type UploadProtocol,
} from '@cloudbox/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { deviceTypeProtocols, deviceTypeRegisters, deviceTypes } from '../../db/schema.js';
import { requireDeviceType, type DeviceTypeRef } from '../../db/device-types.js';
import { loadDeviceTypes, registerRow } from '../../fleet/device-types.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { byRow, checkRows, rowProblem, rowInputOf, type CheckedRegister } from './rows.js';
import { readProtocolSheet } from './sheet.js';

export interface ProtocolDeps {
  db: Db;
  oplog: Pick<OperationLogService, 'record'>;
  /** After a committed change: every instance reloads the type (ingest decodes the next message with it). */
  deviceTypesChanged: (deviceTypeIds: string[]) => void;
}

export type ProtocolService = ReturnType<typeof createProtocolService>;

/** A report of a bad file names at most this many problems: enough to fix a sheet, short enough to read. */
const REPORT_MAX_PROBLEMS = 200;

interface VersionRow {
  version: number;
  source: string;
  note: string;
  created_by: string | null;
  created_ms: number;
  registers: number;
}

/** The type's current registers, by number. */
async function currentRegisters(executor: Executor | Db, id: string): Promise<Map<number, Register>> {
  return (await loadDeviceTypes(executor as Db, [id])).get(id)?.registers ?? new Map();
}

/** Every version of a type's protocol, newest first: how it came, who, when, how many registers. */
async function versions(db: Db, id: string): Promise<ProtocolVersion[]> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`select p.version, p.source, p.note, u.username as created_by, extract(epoch from p.created_at)::float8 * 1000 as created_ms,
          jsonb_array_length(p.registers)::int as registers
        from device_type_protocols p left join users u on u.id = p.created_by
        where p.device_type_id = ${id} order by p.version desc`,
  );
  return rows.map(({ created_ms, ...row }) => ({ ...row, created_at: new Date(created_ms).toISOString() }));
}

/** Registers in use elsewhere (page layout, event rules, charts, stop state, the lock) that a new table leaves out. */
async function removedInUse(tx: Executor, id: string, kept: Set<number>, before: Iterable<number>, language: Language): Promise<Problem[]> {
  const removed = [...before].filter((number) => !kept.has(number));
  if (removed.length === 0) return [];
  const used = await queryRows<{ register: number; use: 'protocolUseLayout' | 'protocolUseRule' | 'protocolUseChart' | 'protocolUseUnlock' }>(
    tx,
    sql`select r.register, r.use from (
          select register1 as register, 'protocolUseLayout' as use from device_type_layout_rows where device_type_id = ${id}
          union all select register2, 'protocolUseLayout' from device_type_layout_rows where device_type_id = ${id} and register2 is not null
          union all select register, 'protocolUseRule' from event_rules where device_type_id = ${id}
          union all select (a ->> 'register')::int, 'protocolUseRule' from event_rules, jsonb_array_elements(also) a where device_type_id = ${id}
          union all select register, 'protocolUseChart' from device_type_gauges where device_type_id = ${id}
          union all select register, 'protocolUseChart' from device_type_stop_states where device_type_id = ${id}
          union all select value::int, 'protocolUseChart' from device_type_stacked_charts, jsonb_array_elements_text(registers) where device_type_id = ${id}
          union all select value::int, 'protocolUseUnlock' from device_types, jsonb_each_text(unlock) where id = ${id} and unlock is not null
        ) r where r.register = any(${`{${removed.join(',')}}`}::int[])`,
  );
  const first = new Map(used.map((row) => [row.register, row.use]));
  return [...first].map(([register, use]) => ({
    field: 'rows',
    key: 'protocolRegisterInUse',
    params: { number: register, use: formatMessage(language, use) },
  }));
}

/** Writes the registers as the next version, in one transaction, audited; answers the version. */
async function commit(
  { db, oplog, deviceTypesChanged }: ProtocolDeps,
  actor: Actor,
  type: DeviceTypeRef,
  checked: CheckedRegister[],
  change: { source: string; note: string; action: 'edit_protocol' | 'upload_protocol'; language: Language; removable: boolean },
): Promise<ProtocolSaved> {
  const registers = checked.map(({ register }) => registerSchema.parse(register));
  const version = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ version: deviceTypes.protocolVersion }).from(deviceTypes).where(eq(deviceTypes.id, type.id)).for('update');
    if (!locked) throw ApiError.notFound('deviceTypeNotFound');
    const before = await tx.select({ number: deviceTypeRegisters.number }).from(deviceTypeRegisters).where(eq(deviceTypeRegisters.deviceTypeId, type.id));
    if (change.removable) {
      const problems = await removedInUse(
        tx,
        type.id,
        new Set(registers.map((register) => register.number)),
        before.map((row) => row.number),
        change.language,
      );
      if (problems.length > 0) throw ApiError.invalidInput(problems);
    }
    const next = locked.version + 1;
    await tx.delete(deviceTypeRegisters).where(eq(deviceTypeRegisters.deviceTypeId, type.id));
    await tx.insert(deviceTypeRegisters).values(registers.map((register, position) => registerRow(type.id, register, position)));
    await tx.insert(deviceTypeProtocols).values({
      deviceTypeId: type.id,
      version: next,
      registers: checked.map(({ register }) => register),
      source: change.source,
      note: change.note,
      createdBy: actor.user.id,
    });
    await tx.update(deviceTypes).set({ protocolVersion: next, updatedAt: new Date() }).where(eq(deviceTypes.id, type.id));
    await oplog.record(tx, {
      userId: actor.user.id,
      username: actor.user.username,
      ip: actor.ip,
      action: change.action,
      oldValue: `${type.id} v${locked.version}`,
      newValue: `${type.id} v${next} (${change.source}, ${registers.length})${change.note ? `: ${change.note}` : ''}`,
    });
    return next;
  });
  deviceTypesChanged([type.id]);
  return { version, registers: registers.length };
}

/** Refuses a table with its problems, row by row, at most `REPORT_MAX_PROBLEMS` of them. */
function refuse(problems: Problem[]): never {
  throw ApiError.invalidInput(byRow(problems).slice(0, REPORT_MAX_PROBLEMS));
}

/**
 * The register protocols of device types, per language and versioned. Every change (an edit of the
 * table in one language, or an uploaded sheet) writes the current registers, a snapshot as the next
 * version and the type's version in one transaction, audited; then every instance reloads the type.
 * Samples hold engineering values, so history recorded under an older version reads as it was.
 */
export function createProtocolService(deps: ProtocolDeps) {
  const { db } = deps;

  return {
    /** One language's table of the current version, or of `version`; with every version. */
    async view(ref: string, language: Language, version?: number): Promise<ProtocolView> {
      const type = await requireDeviceType(db, ref);
      const [facts] = await db.select({ name: deviceTypes.name, current: deviceTypes.protocolVersion }).from(deviceTypes).where(eq(deviceTypes.id, type.id));
      let registers: (Register | RegisterInput)[];
      if (version === undefined || version === facts!.current) registers = [...(await currentRegisters(db, type.id)).values()];
      else {
        const [snapshot] = await db
          .select({ registers: deviceTypeProtocols.registers })
          .from(deviceTypeProtocols)
          .where(and(eq(deviceTypeProtocols.deviceTypeId, type.id), eq(deviceTypeProtocols.version, version)));
        if (!snapshot) throw ApiError.rejected('protocolVersionNotFound', { version }, 404);
        registers = snapshot.registers;
      }
      return {
        device_type: { id: type.id, number: type.number, name: facts!.name[language] ?? type.id },
        language,
        version: version ?? facts!.current,
        current_version: facts!.current,
        rows: registers.map((register) => rowOfRegister(register, language)),
        versions: await versions(db, type.id),
      };
    },

    /** The current table in one language, for the export. */
    async rows(ref: string, language: Language): Promise<{ type: DeviceTypeRef; rows: ProtocolRow[] }> {
      const type = await requireDeviceType(db, ref);
      return { type, rows: [...(await currentRegisters(db, type.id)).values()].map((register) => rowOfRegister(register, language)) };
    },

    /**
     * The whole table edited in one language: its names and choice labels are that language's, the
     * codec columns everyone's. Registers may be added (named in this language in all until their
     * own are given) or removed (unless a layout, rule, chart or the lock uses them).
     */
    async save(actor: Actor, ref: string, input: SaveProtocol, replyLanguage: Language): Promise<ProtocolSaved> {
      const type = await requireDeviceType(db, ref);
      const previous = await currentRegisters(db, type.id);
      const checked = checkRows(
        { sheet: input.language, reply: replyLanguage },
        input.rows.map((row, index) => ({ row: index, input: row })),
        previous,
      );
      if (checked.problems.length > 0) refuse(checked.problems);
      return commit(deps, actor, type, checked.registers, {
        source: `edit:${input.language}`,
        note: input.note,
        action: 'edit_protocol',
        language: replyLanguage,
        removable: true,
      });
    },

    /**
     * One language's table from an xlsx sheet, all or nothing. A type without registers takes the
     * sheet as its protocol (names in the other languages start as these). A type with registers
     * takes it only if it lists the same register numbers: the sheet's codec columns replace the
     * current ones and its names those of its language (registers are added or removed by editing
     * the protocol, not by a translation).
     */
    async upload(actor: Actor, ref: string, input: UploadProtocol, replyLanguage: Language): Promise<ProtocolSaved> {
      const type = await requireDeviceType(db, ref);
      const { language } = input;
      const sheet = await readProtocolSheet(Buffer.from(input.file, 'base64'), replyLanguage);
      if (!sheet.ok) {
        const params = 'column' in sheet ? { column: sheet.column } : undefined;
        throw ApiError.invalidInput([{ field: 'file', key: sheet.key, params }]);
      }
      if (sheet.rows.length > PROTOCOL_MAX_ROWS)
        throw ApiError.invalidInput([{ field: 'file', key: 'protocolTooManyRows', params: { max: PROTOCOL_MAX_ROWS } }]);
      const previous = await currentRegisters(db, type.id);
      const checked = checkRows(
        { sheet: language, reply: replyLanguage },
        sheet.rows.map((row) => ({ row: row.row, input: rowInputOf(row.cells) })),
        previous,
      );
      const problems = [...checked.problems];
      if (previous.size > 0) {
        for (const { row, register } of checked.registers) {
          if (!previous.has(register.number)) problems.push(rowProblem(replyLanguage, row, 'number', 'protocolRegisterUnknown', { number: register.number }));
        }
        const listed = new Set(sheet.rows.map((row) => Number(row.cells.number)));
        const missing = [...previous.keys()].filter((number) => !listed.has(number));
        if (missing.length > 0) problems.unshift({ field: 'file', key: 'protocolRegistersMissing', params: { numbers: missing.join(', ') } });
      }
      if (problems.length > 0) refuse(problems);
      return commit(deps, actor, type, checked.registers, {
        source: `upload:${language}`,
        note: input.note,
        action: 'upload_protocol',
        language: replyLanguage,
        removable: false,
      });
    },
  };
}
