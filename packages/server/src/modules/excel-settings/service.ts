import {
  defaultExportColumns,
  EXPORT_COLUMNS,
  EXPORT_KIND_LABELS,
  EXPORT_KINDS,
  exportColumnProblems,
  formatMessage,
  type ExcelSettings,
  type ExportColumnSetting,
  type ExportKind,
  type Language,
  type MessageKey,
} from '@cloudbox/domain';
import { and, eq } from 'drizzle-orm';
import { ckExists } from '../../db/ck-codes.js';
import type { Db, Transaction } from '../../db/index.js';
import { exportColumns, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { ColumnsFor } from '../devices/xlsx.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

/**
 * How long an instance trusts a company's choice it read: a change made on another instance
 * reaches this one's exports within it (this instance forgets its own changes at once).
 */
export const COLUMN_CHOICE_TTL_MS = 5_000;

export type ExcelSettingsService = ReturnType<typeof createExcelSettingsService>;

type Caller = Pick<UserRow, 'ck' | 'roles'>;

/** A choice as the operation log shows it: the export and its columns in order. */
const describe = (kind: ExportKind, columns: readonly string[]) => `${kind}: ${columns.join(',')}`;

/**
 * A company's export columns (/msg/excel-settings): a manufacturer sets its own company's, root
 * any company's. Each change is one transaction with its operation-log entry.
 */
export function createExcelSettingsService(deps: { db: Db; oplog: OperationLogService; now?: () => number }) {
  const { db, oplog } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { columns: readonly string[]; until: number }>();
  const cacheKey = (ck: string, kind: ExportKind) => `${ck}/${kind}`;

  /** The company the caller's request is about: root must name one that exists; anyone else its own. */
  async function companyOf(caller: Caller, ck: string | undefined): Promise<string> {
    if (caller.roles.includes('root')) {
      if (ck === undefined) throw ApiError.invalidInput([{ field: 'ck', key: 'excelCompanyRequired' }]);
      if (!(await ckExists(db, ck))) throw ApiError.invalidInput([{ field: 'ck', key: 'excelCompanyUnknown', params: { ck } }]);
      return ck;
    }
    if (caller.ck === null) throw ApiError.forbidden();
    if (ck !== undefined && ck !== caller.ck) throw ApiError.forbidden('excelCompanyNotYours');
    return caller.ck;
  }

  async function rowsOf(ck: string) {
    return db.select().from(exportColumns).where(eq(exportColumns.ck, ck));
  }

  /** A stored choice keeps only the columns the export still has (a column may have been dropped since); none left: the default. */
  function effective(kind: ExportKind, stored: readonly string[] | undefined): string[] {
    const kept = (stored ?? []).filter((column) => Object.hasOwn(EXPORT_COLUMNS[kind], column));
    return kept.length > 0 ? kept : defaultExportColumns(kind);
  }

  function settingOf(language: Language, kind: ExportKind, row: { columns: string[]; updatedAt: Date } | undefined): ExportColumnSetting {
    const labels: Record<string, MessageKey> = EXPORT_COLUMNS[kind];
    return {
      export: kind,
      label: formatMessage(language, EXPORT_KIND_LABELS[kind]),
      available: Object.entries(labels).map(([key, label]) => ({ key, label: formatMessage(language, label) })),
      columns: effective(kind, row?.columns),
      is_default: row === undefined,
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }

  async function settings(ck: string, language: Language): Promise<ExcelSettings> {
    const rows = await rowsOf(ck);
    return {
      ck,
      exports: EXPORT_KINDS.map((kind) =>
        settingOf(
          language,
          kind,
          rows.find((row) => row.export === kind),
        ),
      ),
    };
  }

  /**
   * Runs a change of one company's export in a transaction with its audit entry (the choice before
   * and after; undefined: the default), then forgets the cached choice. `write` answers null when
   * it changed nothing.
   */
  async function change(actor: Actor, ck: string, kind: ExportKind, write: (tx: Transaction) => Promise<{ old?: string[]; next?: string[] } | null>) {
    await db.transaction(async (tx) => {
      const changed = await write(tx);
      if (changed === null) return;
      await oplog.record(tx, {
        userId: actor.user.id,
        username: actor.user.username,
        ip: actor.ip,
        action: 'set_export_columns',
        ck,
        oldValue: describe(kind, changed.old ?? defaultExportColumns(kind)),
        newValue: describe(kind, changed.next ?? defaultExportColumns(kind)),
      });
    });
    cache.delete(cacheKey(ck, kind));
  }

  const columnsFor: ColumnsFor = async (ck, kind) => {
    if (ck === null) return defaultExportColumns(kind);
    const key = cacheKey(ck, kind);
    const cached = cache.get(key);
    if (cached && cached.until > now()) return cached.columns;
    const [row] = await db
      .select({ columns: exportColumns.columns })
      .from(exportColumns)
      .where(and(eq(exportColumns.ck, ck), eq(exportColumns.export, kind)));
    const columns = effective(kind, row?.columns);
    cache.set(key, { columns, until: now() + COLUMN_CHOICE_TTL_MS });
    return columns;
  };

  return {
    columnsFor,

    async get(caller: Caller, language: Language, ck: string | undefined): Promise<ExcelSettings> {
      return settings(await companyOf(caller, ck), language);
    },

    /** Replaces the company's choice for one export (every column must be one of the export's). */
    async set(actor: Actor & { user: Caller }, language: Language, kind: ExportKind, input: { ck?: string; columns: string[] }): Promise<ExcelSettings> {
      const ck = await companyOf(actor.user, input.ck);
      const problems = exportColumnProblems(kind, input.columns);
      if (problems.length > 0) throw ApiError.invalidInput(problems.slice(0, 20));
      await change(actor, ck, kind, async (tx) => {
        const [before] = await tx
          .select({ columns: exportColumns.columns })
          .from(exportColumns)
          .where(and(eq(exportColumns.ck, ck), eq(exportColumns.export, kind)))
          .for('update');
        const values = { columns: input.columns, updatedBy: actor.user.id, updatedAt: new Date() };
        await tx
          .insert(exportColumns)
          .values({ ck, export: kind, ...values })
          .onConflictDoUpdate({ target: [exportColumns.ck, exportColumns.export], set: values });
        return { old: before?.columns, next: input.columns };
      });
      return settings(ck, language);
    },

    /** Back to the default: the company's choice for the export is forgotten (already the default: nothing to audit). */
    async reset(actor: Actor & { user: Caller }, language: Language, kind: ExportKind, ck: string | undefined): Promise<ExcelSettings> {
      const company = await companyOf(actor.user, ck);
      await change(actor, company, kind, async (tx) => {
        const [before] = await tx
          .delete(exportColumns)
          .where(and(eq(exportColumns.ck, company), eq(exportColumns.export, kind)))
          .returning({ columns: exportColumns.columns });
        return before ? { old: before.columns } : null;
      });
      return settings(company, language);
    },
  };
}
