import {
  formatMessage,
  isMessageKey,
  protocolRowSchema,
  registerOfRow,
  registerSchema,
  type Language,
  type MessageKey,
  type ProtocolColumn,
  type Register,
  type RegisterInput,
} from '@cloudbox/domain';
import type { Problem } from '../../http/errors.js';
import { columnLabel, type ProtocolSheetRow } from './sheet.js';

/* The rows of a protocol, uploaded or edited, checked one by one: each problem named by row and column, in the caller's language. */

/** A row's number as the report names it: the spreadsheet's row, or the table's position for an edit. */
export interface NumberedRow {
  row: number;
  input: unknown;
}

export interface CheckedRegister {
  row: number;
  register: RegisterInput;
}

/** A report line: `rows.<row>.<column>`, the message naming row and column. */
export function rowProblem(language: Language, row: number, column: ProtocolColumn, key: MessageKey, params: Record<string, string | number> = {}): Problem {
  const label = columnLabel(language, column);
  return {
    field: `rows.${row}.${column}`,
    key: 'uploadRowInvalid',
    params: { row, column: label, message: formatMessage(language, key, { field: label, ...params }) },
  };
}

const NUMERIC: readonly ProtocolColumn[] = ['number', 'scale', 'decimals', 'min', 'max', 'address'];
const BOOLEAN: readonly ProtocolColumn[] = ['writable', 'on_off'];
const TRUE = new Set(['1', 'y', 'yes', 'true', '是', '√', '✓', 'sí', 'si', 'はい', '○']);
const FALSE = new Set(['0', 'n', 'no', 'false', '否', '×', 'いいえ']);
const WORD_ORDER: Record<string, string> = { abcd: 'big', cdab: 'little' };

/** A sheet row's text cells as the JSON a row is checked in: numbers and booleans read, blanks left out, anything else kept to fail its check. */
export function rowInputOf(cells: ProtocolSheetRow['cells']): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [column, text] of Object.entries(cells) as [ProtocolColumn, string][]) {
    if (text === '') continue;
    const lower = text.toLowerCase();
    if (NUMERIC.includes(column)) input[column] = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : text;
    else if (BOOLEAN.includes(column)) input[column] = TRUE.has(lower) ? true : FALSE.has(lower) ? false : text;
    else if (column === 'data_type' || column === 'format') input[column] = lower;
    else if (column === 'word_order') input[column] = WORD_ORDER[lower] ?? lower;
    else input[column] = text;
  }
  return input;
}

const COLUMN_OF_REGISTER_FIELD: Record<string, ProtocolColumn> = { float: 'data_type', width: 'data_type', signed: 'data_type', enum: 'enum', onOff: 'on_off' };

/**
 * Each row through the row schema and then the register schema, in the sheet's language over the registers
 * as they are (`previous`, by number, keeps the other languages' names); duplicate numbers are
 * reported on the later row; messages are in the reply's language. Answers the registers, or every problem.
 */
export function checkRows(
  languages: { sheet: Language; reply: Language },
  rows: NumberedRow[],
  previous: ReadonlyMap<number, Register>,
): { registers: CheckedRegister[]; problems: Problem[] } {
  const language = languages.reply;
  const problems: Problem[] = [];
  const registers: CheckedRegister[] = [];
  const firstRowOf = new Map<number, number>();
  for (const { row, input } of rows) {
    const result = protocolRowSchema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = String(issue.path[0] ?? 'number') as ProtocolColumn;
        problems.push(rowProblem(language, row, column, isMessageKey(issue.message) ? issue.message : 'fieldInvalid'));
      }
      continue;
    }
    const other = firstRowOf.get(result.data.number);
    if (other !== undefined) {
      problems.push(rowProblem(language, row, 'number', 'protocolNumberDuplicate', { number: result.data.number, other }));
      continue;
    }
    firstRowOf.set(result.data.number, row);
    const register = registerOfRow(result.data, languages.sheet, previous.get(result.data.number));
    const checked = registerSchema.safeParse(register);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'number');
        problems.push(rowProblem(language, row, COLUMN_OF_REGISTER_FIELD[field] ?? (field as ProtocolColumn), 'fieldInvalid'));
      }
      continue;
    }
    registers.push({ row, register });
  }
  return { registers, problems };
}

/** Problems sorted by row (a file's own problems first), as the report lists them. */
export function byRow(problems: Problem[]): Problem[] {
  const rowOf = (problem: Problem) => Number(problem.field?.split('.')[1] ?? 0);
  return [...problems].sort((a, b) => rowOf(a) - rowOf(b));
}
