import { UPLOAD_COLUMNS, type UploadColumn } from '@cloudbox/domain';
import ExcelJS from 'exceljs';

/** An xlsx file of boxes as a spreadsheet program writes it: the header row the template has, then one box a row. */
export async function boxSheet(rows: Partial<Record<UploadColumn, string>>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('boxes');
  sheet.addRow([...UPLOAD_COLUMNS]);
  for (const row of rows) sheet.addRow(UPLOAD_COLUMNS.map((column) => row[column] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}
