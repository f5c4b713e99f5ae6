import ExcelJS from 'exceljs';
import { checkZipSize } from './zip-limit.js';

/* Reading an uploaded xlsx workbook: what every upload (boxes, protocols) shares. */

/** What an uploaded workbook may inflate to (a 2000-register protocol is about 1 MB of XML). */
const MAX_INFLATED_BYTES = 20 * 1024 * 1024;

export type FirstSheet = { ok: true; sheet: ExcelJS.Worksheet } | { ok: false; key: 'uploadUnreadable' | 'uploadTooLarge' };

/**
 * The first worksheet of an uploaded workbook. The archive is inflated with a cap before the
 * spreadsheet library sees it (a zip bomb is refused as too large); a file that is not a workbook
 * is unreadable.
 */
export async function openFirstSheet(bytes: Buffer): Promise<FirstSheet> {
  const zip = checkZipSize(bytes, MAX_INFLATED_BYTES);
  if (zip !== 'ok') return { ok: false, key: zip === 'too_large' ? 'uploadTooLarge' : 'uploadUnreadable' };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, key: 'uploadUnreadable' };
  }
  const sheet = workbook.worksheets[0];
  return sheet ? { ok: true, sheet } : { ok: false, key: 'uploadUnreadable' };
}

/** A cell as the text the user sees: numbers as written, dates as YYYY-MM-DD, rich text, links and formulas by their text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}
