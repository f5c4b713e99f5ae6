import { z } from 'zod';
import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import { FAULT_FIELD_LABELS } from '../faults/labels.js';
import { ckCode, optional } from '../http/query-fields.js';
import type { MessageKey } from '../messages.js';
import { OPERATION_LOG_FIELD_LABELS } from '../oplog/operation-log.js';
import { EXPORT_KINDS, type ExportKind } from './notices.js';

/**
 * A company's export columns (/msg/excel-settings): which columns each export holds and in which
 * order. Every export's known columns, in their default order (the order of its screen), with
 * their headers; a company without a choice gets them all.
 */

/** The expired SIMs export (issue 15, /iccid): the SIM facts of a box and where it stands. */
export const EXPIRED_SIM_FIELD_LABELS = {
  box_id: DEVICE_FIELD_LABELS.box_id,
  owner_unit: DEVICE_FIELD_LABELS.owner_unit,
  device_number: DEVICE_FIELD_LABELS.device_number,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  iot_model: DEVICE_FIELD_LABELS.iot_model,
  iccid: DEVICE_FIELD_LABELS.iccid,
  install_date: DEVICE_FIELD_LABELS.install_date,
  expiry_date: DEVICE_FIELD_LABELS.expiry_date,
  expiry_group: 'columnExpiryGroup',
  remark: DEVICE_FIELD_LABELS.remark,
  ck: DEVICE_FIELD_LABELS.ck,
  model: DEVICE_FIELD_LABELS.model,
  status: DEVICE_FIELD_LABELS.status,
  last_seen_at: DEVICE_FIELD_LABELS.last_seen_at,
  contact: DEVICE_FIELD_LABELS.contact,
  phone: DEVICE_FIELD_LABELS.phone,
  province: DEVICE_FIELD_LABELS.province,
  city: DEVICE_FIELD_LABELS.city,
} satisfies Record<string, MessageKey>;

/** Every export's columns, keyed by field, in default order. */
export const EXPORT_COLUMNS = {
  device_list: DEVICE_FIELD_LABELS,
  faults: FAULT_FIELD_LABELS,
  expired_sims: EXPIRED_SIM_FIELD_LABELS,
  operation_log: OPERATION_LOG_FIELD_LABELS,
} as const satisfies Record<ExportKind, Record<string, MessageKey>>;

/** What the settings screen calls each export. */
export const EXPORT_KIND_LABELS: Record<ExportKind, MessageKey> = {
  device_list: 'exportKindDeviceList',
  faults: 'exportKindFaults',
  expired_sims: 'exportKindExpiredSims',
  operation_log: 'exportKindOperationLog',
};

/** An export's columns when its company chose none: all of them, in the screen's order. */
export function defaultExportColumns(kind: ExportKind): string[] {
  return Object.keys(EXPORT_COLUMNS[kind]);
}

/** Whether `column` is one of the export's columns. */
export function isExportColumn(kind: ExportKind, column: string): boolean {
  return Object.hasOwn(EXPORT_COLUMNS[kind], column);
}

/** The most columns any export has: a longer choice cannot be valid. */
const MAX_COLUMNS = Math.max(...EXPORT_KINDS.map((kind) => defaultExportColumns(kind).length));

export const exportKindParamsSchema = z.object({ export: z.enum(EXPORT_KINDS, { error: 'excelExportUnknown' }) });

/** Root names the company; a manufacturer's is its own (naming it is allowed). */
export const excelSettingsQuerySchema = z.object({ ck: optional(ckCode) });
export type ExcelSettingsQuery = z.output<typeof excelSettingsQuerySchema>;

/**
 * A choice of columns: at least one, none twice. Whether each is a column of the export is
 * checked against the export the path names (`exportColumnProblems`).
 */
export const exportColumnsInputSchema = z.object({
  ck: optional(ckCode),
  columns: z
    .array(z.string({ error: 'excelColumnUnknown' }).max(40, 'excelColumnUnknown'), { error: 'excelColumnsEmpty' })
    .min(1, 'excelColumnsEmpty')
    .max(MAX_COLUMNS, 'excelColumnsTooMany')
    .superRefine((columns, context) => {
      columns.forEach((column, index) => {
        if (columns.indexOf(column) !== index) context.addIssue({ code: 'custom', path: [index], message: 'excelColumnDuplicate', params: { column } });
      });
    }),
});
export type ExportColumnsInput = z.output<typeof exportColumnsInputSchema>;

/** The columns of a choice that the export does not have, each as a field problem (`columns.<index>`). */
export function exportColumnProblems(kind: ExportKind, columns: readonly string[]): { field: string; key: MessageKey; params: { column: string } }[] {
  return columns.flatMap((column, index) =>
    isExportColumn(kind, column) ? [] : [{ field: `columns.${index}`, key: 'excelColumnUnknown' as const, params: { column } }],
  );
}

/** One export's settings as the screen shows them: its columns (headers in the caller's language), the choice, and whether it is the default. */
export const exportColumnSettingSchema = z.object({
  export: z.enum(EXPORT_KINDS),
  label: z.string(),
  available: z.array(z.object({ key: z.string(), label: z.string() })),
  columns: z.array(z.string()),
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ExportColumnSetting = z.infer<typeof exportColumnSettingSchema>;

export const excelSettingsSchema = z.object({ ck: z.string(), exports: z.array(exportColumnSettingSchema) });
export type ExcelSettings = z.infer<typeof excelSettingsSchema>;
