import { formatMessage, UPLOAD_COLUMN_LABELS, UPLOAD_COLUMNS, type Language, type UploadColumn } from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { cellText, openFirstSheet } from '../../http/xlsx.js';

/* The upload spreadsheet: the template the console offers, and reading an uploaded file back into rows of text. */

/** One box of an uploaded sheet: its row number as the spreadsheet shows it, and each column's text. */
export interface SheetRow {
  row: number;
  cells: Record<UploadColumn, string>;
}

export type ReadSheet =
  | { ok: true; rows: SheetRow[] }
  | { ok: false; key: 'uploadUnreadable' | 'uploadTooLarge' | 'uploadNoRows' }
  | { ok: false; key: 'uploadColumnMissing'; column: string };

const EXAMPLE: Record<UploadColumn, string> = {
  id: '100000001',
  ck: '1001',
  model: 'CB-4G',
  iccid: '89860000000000000001',
  controllers: '1:maglev_blower;2:air_compressor',
  owner_unit: '',
  install_date: '2026-01-31',
  expiry_date: '2027-01-31',
  remark: '',
};

/**
 * The template: row 1 the column names the upload reads (notes say what each holds, in the
 * reader's language), row 2 an example box. Every cell is text, so that a long box id or an ICCID
 * is never turned into a rounded number by the spreadsheet program.
 */
export async function templateWorkbook(language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formatMessage(language, 'uploadTemplateSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = UPLOAD_COLUMNS.map((column) => ({ key: column, header: column, width: column === 'controllers' ? 36 : 18, style: { numFmt: '@' } }));
  UPLOAD_COLUMNS.forEach((column, index) => {
    sheet.getRow(1).getCell(index + 1).note = formatMessage(language, UPLOAD_COLUMN_LABELS[column]);
  });
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLE);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet's boxes: the header row names the columns (any order, case-insensitive); blank rows are skipped. */
export async function readSheet(bytes: Buffer): Promise<ReadSheet> {
  const opened = await openFirstSheet(bytes);
  if (!opened.ok) return opened;
  const { sheet } = opened;
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => positions.set(cellText(cell.value).toLowerCase(), column));
  const missing = UPLOAD_COLUMNS.find((column) => column !== 'owner_unit' && column !== 'remark' && !positions.has(column));
  if (missing) return { ok: false, key: 'uploadColumnMissing', column: missing };
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = Object.fromEntries(
      UPLOAD_COLUMNS.map((column) => {
        const position = positions.get(column);
        return [column, position === undefined ? '' : cellText(row.getCell(position).value)];
      }),
    ) as Record<UploadColumn, string>;
    if (Object.values(cells).some((text) => text !== '')) rows.push({ row: number, cells });
  });
  return rows.length === 0 ? { ok: false, key: 'uploadNoRows' } : { ok: true, rows };
}
