import { QUIET_ZONE, qrMatrix, type QrMatrix } from './matrix.js';

/** One label to print: the box id written under its code. */
export interface Label {
  boxId: string;
  matrix: QrMatrix;
}

/** The labels of these boxes, each code holding `codeText(boxId)`. */
export function labelsOf(boxIds: readonly string[], codeText: (boxId: string) => string): Label[] {
  return boxIds.map((boxId) => ({ boxId, matrix: qrMatrix(codeText(boxId)) }));
}

/** Modules across a label's code with its quiet zone: every cell of a sheet fits the largest code. */
export function cellModules(labels: readonly Label[]): number {
  return Math.max(...labels.map((label) => label.matrix.size)) + 2 * QUIET_ZONE;
}

/** Where a label sits on a grid of `columns`, `rowsPerPage` rows a page: its page, row and column. */
export function gridPlace(index: number, columns: number, rowsPerPage: number): { page: number; row: number; column: number } {
  const perPage = columns * rowsPerPage;
  const onPage = index % perPage;
  return { page: Math.floor(index / perPage), row: Math.floor(onPage / columns), column: onPage % columns };
}
