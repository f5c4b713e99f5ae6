import type { Page } from '@cloudbox/domain';
import { exportPercent, sliceRanges } from './download-core';
import { saveBlob } from './download';

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | Date | null;
  /** Excel number format, e.g. for dates. */
  format?: string;
}

export interface ExportProgress {
  percent: number;
  phase: 'fetch' | 'write' | 'pack';
  rows: number;
  total: number;
}

interface ExportOptions<T> {
  fileName: string;
  sheetName: string;
  columns: SheetColumn<T>[];
  /** Reads one page of the rows (1-based). */
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
  pageSize?: number;
  /** The most rows one file takes. */
  maxRows?: number;
  onProgress: (progress: ExportProgress) => void;
  signal: AbortSignal;
}

const WRITE_SLICE = 2000;
const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A spreadsheet of rows the console fetches itself (history of a time range): pages are read one
 * after another, rows written in slices with a pause for the page between them, then the file is
 * packed and saved. exceljs loads only here, when someone exports.
 */
export async function exportRows<T>({
  fileName,
  sheetName,
  columns,
  fetchPage,
  pageSize = 500,
  maxRows = 200_000,
  onProgress,
  signal,
}: ExportOptions<T>): Promise<string> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    const result = await fetchPage(page, pageSize);
    const total = Math.min(result.total, maxRows);
    rows.push(...result.items);
    onProgress({ phase: 'fetch', percent: exportPercent('fetch', rows.length, total), rows: rows.length, total });
    if (result.items.length < pageSize || rows.length >= total) break;
  }
  const kept = rows.slice(0, maxRows);

  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width,
    ...(column.format && { style: { numFmt: column.format } }),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const [start, end] of sliceRanges(kept.length, WRITE_SLICE)) {
    signal.throwIfAborted();
    for (const row of kept.slice(start, end)) sheet.addRow(columns.map((column) => column.value(row)));
    onProgress({ phase: 'write', percent: exportPercent('write', end, kept.length), rows: end, total: kept.length });
    await yieldToPage();
  }
  onProgress({ phase: 'pack', percent: exportPercent('pack', 0, 1), rows: kept.length, total: kept.length });
  const buffer = await workbook.xlsx.writeBuffer();
  signal.throwIfAborted();
  onProgress({ phase: 'pack', percent: 100, rows: kept.length, total: kept.length });
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
  return fileName;
}
