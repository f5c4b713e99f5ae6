import type { Language, LayoutRegister, LocalizedText, PageLayoutInput, PageLayoutRow } from '@cloudbox/domain';

/** A row of the layout editor: a cell's register may still be unchosen (null). */
export interface EditorRow {
  key: number;
  name1: LocalizedText;
  register1: number | null;
  name2: LocalizedText | null;
  register2: number | null;
}

export type Cell = 1 | 2;

let nextKey = 1;
const newKey = () => nextKey++;

const blank = (): LocalizedText => ({ zh: '', en: '', es: '', ja: '' });

export function editorRows(rows: readonly PageLayoutRow[]): EditorRow[] {
  return rows.map((row) => ({ key: newKey(), name1: row.name1, register1: row.register1, name2: row.name2, register2: row.register2 }));
}

export function emptyRow(): EditorRow {
  return { key: newKey(), name1: blank(), register1: null, name2: null, register2: null };
}

/** The rows with one moved by `delta` places (kept within the list). */
export function moveRow(rows: readonly EditorRow[], index: number, delta: number): EditorRow[] {
  const target = Math.min(rows.length - 1, Math.max(0, index + delta));
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}

const sameText = (a: LocalizedText | null, b: LocalizedText | undefined) =>
  a !== null && b !== undefined && (Object.keys(b) as Language[]).every((language) => a[language] === b[language]);
const isBlank = (name: LocalizedText | null) => name === null || Object.values(name).every((value) => value.trim() === '');

/**
 * A cell given another register: its name follows the register's (in every language) while the name
 * is blank or still the previous register's; a name the editor wrote stays. No register: cell 2 is emptied.
 */
export function withRegister(row: EditorRow, cell: Cell, register: number | null, registers: readonly LayoutRegister[]): EditorRow {
  const byNumber = (number: number | null) => registers.find((candidate) => candidate.number === number);
  const nameKey = cell === 1 ? 'name1' : 'name2';
  const registerKey = cell === 1 ? 'register1' : 'register2';
  const previous = byNumber(row[registerKey]);
  const chosen = byNumber(register);
  const name = row[nameKey];
  const follows = isBlank(name) || sameText(name, previous?.name);
  if (cell === 2 && register === null) return { ...row, name2: null, register2: null };
  return { ...row, [registerKey]: register, [nameKey]: follows && chosen ? { ...chosen.name } : (name ?? blank()) };
}

/** A cell's name changed in one language. */
export function withName(row: EditorRow, cell: Cell, language: Language, value: string): EditorRow {
  const key = cell === 1 ? 'name1' : 'name2';
  return { ...row, [key]: { ...(row[key] ?? blank()), [language]: value } };
}

/** The cells that are not ready to save: a missing register 1, a cell 2 name without its register, a name blank in some language. */
export function incomplete(rows: readonly EditorRow[]): { index: number; cell: Cell }[] {
  return rows.flatMap((row, index) => {
    const problems: { index: number; cell: Cell }[] = [];
    if (row.register1 === null || isBlank(row.name1) || Object.values(row.name1).some((value) => value.trim() === '')) problems.push({ index, cell: 1 });
    if (row.register2 !== null && (row.name2 === null || Object.values(row.name2).some((value) => value.trim() === ''))) problems.push({ index, cell: 2 });
    return problems;
  });
}

/** What the server stores: rows in order (it numbers them 1..n). */
export function layoutInput(alias: string, template: PageLayoutInput['template'], rows: readonly EditorRow[]): PageLayoutInput {
  return {
    alias,
    template,
    rows: rows.map((row) => ({
      name1: row.name1,
      register1: row.register1 ?? 0,
      name2: row.register2 === null ? null : row.name2,
      register2: row.register2,
    })),
  };
}

/** How the live page will read the layout: its cells in reading order, named in one language. */
export function previewCells(rows: readonly EditorRow[], language: Language, registers: readonly LayoutRegister[]) {
  const unitOf = (number: number) => registers.find((register) => register.number === number)?.unit ?? '';
  return rows.flatMap((row) =>
    [
      { cell: 1, name: row.name1[language], register: row.register1 },
      { cell: 2, name: row.name2?.[language] ?? '', register: row.register2 },
    ].flatMap(({ cell, name, register }) => (register === null ? [] : [{ key: `${row.key}-${cell}`, name: name || '—', register, unit: unitOf(register) }])),
  );
}
