import {
  formatMessage,
  LANGUAGES,
  PROTOCOL_COLUMN_LABELS,
  PROTOCOL_COLUMNS,
  PROTOCOL_REQUIRED_COLUMNS,
  type Language,
  type ProtocolColumn,
  type ProtocolRow,
} from '@cloudbox/domain';
import ExcelJS from 'exceljs';
import { cellText, openFirstSheet } from '../../http/xlsx.js';

/* The protocol spreadsheet of one language: the template, the export, and reading an upload back into rows of text. */

export interface ProtocolSheetRow {
  row: number;
  cells: Partial<Record<ProtocolColumn, string>>;
}

export type ReadProtocolSheet =
  | { ok: true; rows: ProtocolSheetRow[] }
  | { ok: false; key: 'uploadUnreadable' | 'uploadNoRows' | 'uploadTooLarge' }
  | { ok: false; key: 'uploadColumnMissing' | 'protocolColumnUnknown'; column: string };

const WIDTHS: Partial<Record<ProtocolColumn, number>> = { name: 28, enum: 30, data_type: 12, format: 14, mask: 12 };

/** The header of a column in a language. */
export const columnLabel = (language: Language, column: ProtocolColumn) => formatMessage(language, PROTOCOL_COLUMN_LABELS[column]);

/**
 * A workbook of protocol rows: row 1 the column names in the sheet's language (each with a note
 * naming its key, which the upload also accepts), then a register per row. Every cell is text,
 * so a mask such as 0x0010 or a register number stays as written.
 */
export async function protocolWorkbook(language: Language, rows: ProtocolRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formatMessage(language, 'protocolTemplateSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PROTOCOL_COLUMNS.map((column) => ({
    key: column,
    header: columnLabel(language, column),
    width: WIDTHS[column] ?? 10,
    style: { numFmt: '@' },
  }));
  PROTOCOL_COLUMNS.forEach((column, index) => {
    sheet.getRow(1).getCell(index + 1).note = column;
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(PROTOCOL_COLUMNS.map((column) => [column, cellOf(row[column], language)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const YES: Record<Language, string> = { zh: '是', en: 'yes', es: 'sí', ja: 'はい' };
const NO: Record<Language, string> = { zh: '否', en: 'no', es: 'no', ja: 'いいえ' };

function cellOf(value: ProtocolRow[ProtocolColumn], language: Language): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? YES[language] : NO[language];
  return String(value);
}

/** The template's example: one register in the sheet's language. */
export function exampleRow(language: Language): ProtocolRow {
  const names: Record<Language, [string, string]> = {
    zh: ['运行状态', '0=停机;1=运行'],
    en: ['Run state', '0=Stopped;1=Running'],
    es: ['Estado de marcha', '0=Parado;1=En marcha'],
    ja: ['運転状態', '0=停止中;1=運転中'],
  };
  const [name, choices] = names[language];
  return {
    number: 100,
    address: 40,
    name,
    unit: '',
    data_type: 'bit',
    word_order: 'big',
    scale: null,
    decimals: 0,
    format: 'enum',
    mask: '0x0001',
    enum: choices,
    writable: false,
    min: null,
    max: null,
    on_off: false,
  };
}

let headers: Map<string, ProtocolColumn> | undefined;

/**
 * Header texts a column is recognised by: its key and its label in every language, lower case.
 * Made on first use: the labels are area messages, loaded after the modules (`loadMessageAreas`).
 */
function headerColumns(): Map<string, ProtocolColumn> {
  headers ??= new Map(
    PROTOCOL_COLUMNS.flatMap((column) => [column, ...LANGUAGES.map((language) => columnLabel(language, column))].map((text) => [text.toLowerCase(), column])),
  );
  return headers;
}

/** The first sheet's registers: a header row names the columns (any order, any of the four languages); blank rows are skipped. */
export async function readProtocolSheet(bytes: Buffer, language: Language): Promise<ReadProtocolSheet> {
  const opened = await openFirstSheet(bytes);
  if (!opened.ok) return opened;
  const { sheet } = opened;
  const positions = new Map<ProtocolColumn, number>();
  let unknown: string | undefined;
  sheet.getRow(1).eachCell((cell, position) => {
    const header = cellText(cell.value);
    const column = headerColumns().get(header.toLowerCase());
    if (column) positions.set(column, position);
    else if (header !== '') unknown ??= header;
  });
  if (unknown !== undefined) return { ok: false, key: 'protocolColumnUnknown', column: unknown };
  const missing = PROTOCOL_REQUIRED_COLUMNS.find((column) => !positions.has(column));
  if (missing) return { ok: false, key: 'uploadColumnMissing', column: columnLabel(language, missing) };
  const rows: ProtocolSheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = Object.fromEntries([...positions].map(([column, position]) => [column, cellText(row.getCell(position).value)]));
    if (Object.values(cells).some((text) => text !== '')) rows.push({ row: number, cells });
  });
  return rows.length === 0 ? { ok: false, key: 'uploadNoRows' } : { ok: true, rows };
}
