import type { FieldError } from '../../api/boxRegistry';

/** One line of the upload's error report. */
export interface ReportLine {
  key: number;
  /** The spreadsheet's row number; null for a problem of the whole file. */
  row: number | null;
  /** The column's name as the sheet's header row writes it; null for the whole file. */
  column: string | null;
  message: string;
}

/** The server's field errors (`rows.<row>.<column>`, or `file`) as report lines, in row order. */
export function reportLines(errors: FieldError[]): ReportLine[] {
  return errors.map((error, index) => {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(error.field);
    return { key: index, row: match ? Number(match[1]) : null, column: match ? match[2]! : null, message: error.message };
  });
}

/** Bytes as base64, in slices: one `String.fromCharCode` over a large file would overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
