import { PassThrough } from 'node:stream';
import { formatMessage, type ExportKind, type Language, type MessageKey } from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | Date | null;

export interface SheetColumn<T> {
  /** The field it shows, as a company's choice of columns names it (/msg/excel-settings). */
  key?: string;
  header: MessageKey;
  width: number;
  value(row: T): Cell;
  /** Excel number format, e.g. for dates. */
  format?: string;
}

/** How a column reads its cell from a row: a function, or one with the cell's Excel format. */
type CellReader<T> = SheetColumn<T>['value'] | Pick<SheetColumn<T>, 'value' | 'format'>;

/** The fields of a row that a sheet can show as they are. */
type PlainField<T> = { [K in keyof T]: T[K] extends Cell ? K : never }[keyof T];

/** How wide a field's column is, the same in every export that shows it. */
const COLUMN_WIDTHS = {
  box_id: 14,
  controller_id: 8,
  ck: 8,
  owner_unit: 28,
  status: 14,
  run_state: 12,
  model: 18,
  machine_model: 14,
  device_number: 14,
  iot_model: 14,
  software: 14,
  iccid: 22,
  install_date: 12,
  expiry_date: 12,
  last_seen_at: 20,
  province: 12,
  city: 12,
  district: 12,
  street: 20,
  contact: 10,
  phone: 14,
  remark: 24,
  severity: 8,
  code: 8,
  message: 36,
  register: 10,
  register_name: 20,
  value: 10,
  started_at: 20,
  ended_at: 20,
  active: 10,
  time: 20,
  kind: 10,
  expiry_group: 10,
  created_at: 20,
  username: 16,
  action: 18,
  old_value: 16,
  new_value: 16,
  ip: 16,
};

/**
 * An export's columns, one per field of its labels table, in the table's order (the order of the
 * screen): headed by the field's label, each shows the row's field as it is, unless `readers`
 * reads it otherwise (a field that is no cell must be read there).
 */
export function sheetColumns<T extends object, F extends keyof typeof COLUMN_WIDTHS>(
  labels: Record<F, MessageKey>,
  readers: Record<Exclude<F, PlainField<T>>, CellReader<T>> & Partial<Record<F, CellReader<T>>>,
): SheetColumn<T>[] {
  return (Object.keys(labels) as F[]).map((field) => {
    const reader: CellReader<T> = (readers as Partial<Record<F, CellReader<T>>>)[field] ?? ((row: T) => Reflect.get(row, field) as Cell);
    return { key: field, header: labels[field], width: COLUMN_WIDTHS[field], ...(typeof reader === 'function' ? { value: reader } : reader) };
  });
}

/** A company's columns, in order, of one of its exports (null: no company, the default); see modules/excel-settings. */
export type ColumnsFor = (ck: string | null, kind: ExportKind) => Promise<readonly string[]>;

/** The columns a company chose, in its order: a column it did not choose is not written. */
export function chosenColumns<T>(columns: SheetColumn<T>[], chosen: readonly string[]): SheetColumn<T>[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return chosen.flatMap((key) => byKey.get(key) ?? []);
}

export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The header that tells the client how many rows the workbook will hold, before the first byte. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The rows of an export: how many, counted before streaming, and the batches that write them. */
export interface ExportRows<T> {
  rows: number;
  batches: AsyncIterable<T[]>;
}

/**
 * Streams a one-sheet workbook to the reply while its rows are still being read: exceljs' streaming
 * writer zips each committed row on its way out, and the next batch is only fetched once the client
 * has taken what came before, so memory stays flat however many rows there are. Headers are in the
 * request's language; the file name carries the date, and a header the number of rows. Anything that fails after the first byte can
 * only cut the download short, so callers validate their input before calling this.
 */
export function sendWorkbook<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  sheet: { name: MessageKey; date: string; columns: SheetColumn<T>[] } & ExportRows<T>,
): FastifyReply {
  const language: Language = request.language;
  const sheetName = formatMessage(language, sheet.name);
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, index) => ({
    key: String(index),
    header: formatMessage(language, column.header),
    width: column.width,
    ...(column.format && { style: { numFmt: column.format } }),
  }));

  (async () => {
    for await (const batch of sheet.batches) {
      for (const row of batch) worksheet.addRow(sheet.columns.map((column) => column.value(row))).commit();
      if (output.writableNeedDrain) await drainedOrClosed(output);
      // The client went away: stop reading rows for nobody.
      if (output.destroyed) return;
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    request.log.error({ err: error }, 'streaming a spreadsheet failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  const ascii = `${formatMessage('en', sheet.name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}-${sheet.date}.xlsx`;
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${sheetName}-${sheet.date}.xlsx`)}`)
    .header('cache-control', 'no-store')
    .header(EXPORT_ROWS_HEADER, String(sheet.rows))
    .send(output);
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A day as the file name shows it (YYYYMMDD), in a time zone. */
export function fileDate(time: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(time);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}
