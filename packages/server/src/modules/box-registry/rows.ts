import {
  formatMessage,
  isMessageKey,
  registerBoxSchema,
  UPLOAD_COLUMN_LABELS,
  UPLOAD_COLUMNS,
  type Language,
  type MessageKey,
  type RegisterBox,
  type UploadColumn,
} from '@cloudbox/domain';
import type { Problem } from '../../http/errors.js';
import type { SheetRow } from './sheet.js';

/* The rows of an upload checked one by one: each one's problems named by row and column, in the caller's language. */

/** What the database must confirm about the rows that passed the checks of their own. */
export interface Known {
  cks: ReadonlySet<string>;
  deviceTypes: ReadonlySet<string>;
  registered: ReadonlySet<string>;
}

export interface CheckedRow {
  row: number;
  input: RegisterBox;
}

/** A report line: `rows.<row>.<column>`, the message naming row and column. */
export function rowProblem(language: Language, row: number, column: UploadColumn, key: MessageKey, params: Record<string, string | number> = {}): Problem {
  const columnLabel = formatMessage(language, UPLOAD_COLUMN_LABELS[column]);
  return {
    field: `rows.${row}.${column}`,
    key: 'uploadRowInvalid',
    params: { row, column: columnLabel, message: formatMessage(language, key, { field: columnLabel, ...params }) },
  };
}

const PAIR = /^(\d{1,3})\s*:\s*(\S+)$/;

/** `1:maglev_blower;2:air_compressor` as controllers, or null when it is not written that way. */
export function parseControllers(text: string): { station: number; device_type: string }[] | null {
  const pairs = text
    .split(/[;；]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const controllers = pairs.map((pair) => PAIR.exec(pair));
  if (controllers.length === 0 || controllers.some((match) => match === null)) return null;
  return controllers.map((match) => ({ station: Number(match![1]), device_type: match![2]! }));
}

/** One row through the registration schema: the box, or its problems. */
export function checkRow(language: Language, { row, cells }: SheetRow): { input?: RegisterBox; problems: Problem[] } {
  const controllers = parseControllers(cells.controllers);
  if (controllers === null && cells.controllers !== '') return { problems: [rowProblem(language, row, 'controllers', 'uploadControllersFormat')] };
  const parsed = registerBoxSchema.safeParse({
    id: cells.id,
    ck: cells.ck,
    model: cells.model,
    iccid: cells.iccid,
    controllers: controllers ?? [],
    owner_unit: cells.owner_unit,
    install_date: cells.install_date || null,
    expiry_date: cells.expiry_date || null,
    remark: cells.remark,
  });
  if (parsed.success) return { input: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => {
      const head = String(issue.path[0] ?? 'id');
      const column = (UPLOAD_COLUMNS as readonly string[]).includes(head) ? (head as UploadColumn) : 'id';
      const params = (issue as { params?: Record<string, string | number> }).params;
      return rowProblem(language, row, column, isMessageKey(issue.message) ? issue.message : 'fieldInvalid', params);
    }),
  };
}

/** What only the whole file and the database know: ids twice in the file, taken ids, unknown CKs and device types. */
export function crossCheck(language: Language, rows: CheckedRow[], known: Known): Problem[] {
  const firstRowOf = new Map<string, number>();
  return rows.flatMap(({ row, input }) => {
    const problems: Problem[] = [];
    const other = firstRowOf.get(input.id);
    if (other !== undefined) problems.push(rowProblem(language, row, 'id', 'uploadIdDuplicate', { id: input.id, other }));
    else firstRowOf.set(input.id, row);
    if (known.registered.has(input.id)) problems.push(rowProblem(language, row, 'id', 'boxExists', { id: input.id }));
    if (!known.cks.has(input.ck)) problems.push(rowProblem(language, row, 'ck', 'ckUnknown', { ck: input.ck }));
    for (const controller of input.controllers) {
      if (!known.deviceTypes.has(controller.device_type))
        problems.push(rowProblem(language, row, 'controllers', 'deviceTypeUnknown', { deviceType: controller.device_type }));
    }
    return problems;
  });
}
