import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { cellModules, gridPlace, type Label } from './label.js';
import { QUIET_ZONE } from './matrix.js';

/** A4 portrait in points, and the sheet's margin (10 mm). */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28.35;
/** The box id's size under a code, at most; smaller when a long id would not fit the cell. */
const TEXT_SIZE = 11;
const CUT_LINE = { thickness: 0.3, color: rgb(0.82, 0.82, 0.82), dashArray: [3, 3] };

interface Grid {
  cellWidth: number;
  cellHeight: number;
  moduleSize: number;
  rowsPerPage: number;
  columns: number;
}

function gridOf(labels: readonly Label[], columns: number): Grid {
  const cellWidth = (A4.width - 2 * MARGIN) / columns;
  const cellHeight = cellWidth + TEXT_SIZE * 2;
  const rowsPerPage = Math.max(1, Math.floor((A4.height - 2 * MARGIN) / cellHeight));
  return { cellWidth, cellHeight, moduleSize: cellWidth / cellModules(labels), rowsPerPage, columns };
}

/**
 * The labels as an A4 PDF: `columns` labels a row, as many rows as fit, further pages as needed.
 * Codes are vector squares (one filled rectangle per dark run: sharp at any printer resolution);
 * light dashed cut lines frame each label.
 */
export async function labelsPdf(labels: readonly Label[], columns: number, title: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setCreator('Cloudbox');
  const font = await document.embedFont(StandardFonts.Helvetica);
  const grid = gridOf(labels, columns);
  const perPage = grid.columns * grid.rowsPerPage;
  for (let first = 0; first < labels.length; first += perPage) {
    const page = document.addPage([A4.width, A4.height]);
    const onPage = labels.slice(first, first + perPage);
    onPage.forEach((label, index) => {
      const place = gridPlace(index, grid.columns, grid.rowsPerPage);
      drawLabel(page, font, grid, label, MARGIN + place.column * grid.cellWidth, A4.height - MARGIN - place.row * grid.cellHeight);
    });
    drawCutLines(page, grid, onPage.length);
  }
  return document.save({ useObjectStreams: true });
}

/** Dashed lines along every edge of the page's labels (a last row may be short), each edge once. */
function drawCutLines(page: PDFPage, grid: Grid, count: number): void {
  const { columns, cellWidth, cellHeight } = grid;
  const rows = Math.ceil(count / columns);
  const across = Math.min(count, columns);
  const cellsInRow = (row: number) => (row < 0 || row >= rows ? 0 : Math.min(columns, count - row * columns));
  const rowsInColumn = (column: number) => (column < 0 || column >= across ? 0 : Math.ceil((count - column) / columns));
  const top = A4.height - MARGIN;
  const line = (x1: number, y1: number, x2: number, y2: number) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, ...CUT_LINE });
  for (let row = 0; row <= rows; row++) {
    const y = top - row * cellHeight;
    line(MARGIN, y, MARGIN + Math.max(cellsInRow(row - 1), cellsInRow(row)) * cellWidth, y);
  }
  for (let column = 0; column <= across; column++) {
    const x = MARGIN + column * cellWidth;
    line(x, top, x, top - Math.max(rowsInColumn(column - 1), rowsInColumn(column)) * cellHeight);
  }
}

function drawLabel(page: PDFPage, font: PDFFont, grid: Grid, label: Label, left: number, top: number): void {
  const { cellWidth, moduleSize } = grid;
  // The code is centred in the cell's square; PDF's y grows upwards, the matrix's rows downwards.
  const offset = (cellWidth - (label.matrix.size + 2 * QUIET_ZONE) * moduleSize) / 2 + QUIET_ZONE * moduleSize;
  const squares = label.matrix.runs.map((run) =>
    rectangle(left + offset + run.column * moduleSize, top - offset - (run.row + 1) * moduleSize, run.length * moduleSize, moduleSize),
  );
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...squares, fill(), popGraphicsState());
  const size = Math.min(TEXT_SIZE, ((cellWidth - 8) / font.widthOfTextAtSize(label.boxId, TEXT_SIZE)) * TEXT_SIZE);
  const width = font.widthOfTextAtSize(label.boxId, size);
  page.drawText(label.boxId, { x: left + (cellWidth - width) / 2, y: top - cellWidth - size * 0.9, size, font, color: rgb(0, 0, 0) });
}
