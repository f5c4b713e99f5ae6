import { PNG } from 'pngjs';
import { digitsWidth, eachDigitPixel, GLYPH } from './digits.js';
import { cellModules, gridPlace, type Label } from './label.js';
import { QUIET_ZONE } from './matrix.js';

/** Pixels a module: a lone label larger (printed on its own), a sheet's smaller (it holds many). */
export const PNG_MODULE_PIXELS = { single: 8, sheet: 5 } as const;
const CUT_LINE_GRAY = 210;

/** An RGBA image being drawn, white to start with. */
class Canvas {
  readonly png: PNG;
  constructor(width: number, height: number) {
    this.png = new PNG({ width, height });
    this.png.data.fill(255);
  }

  /** Fills a rectangle with a gray level (0 black), clipped to the image. */
  fillRect(x: number, y: number, width: number, height: number, gray: number): void {
    const { data } = this.png;
    const right = Math.min(this.png.width, x + width);
    const bottom = Math.min(this.png.height, y + height);
    for (let row = Math.max(0, y); row < bottom; row++) {
      for (let column = Math.max(0, x); column < right; column++) {
        const at = (row * this.png.width + column) * 4;
        data[at] = gray;
        data[at + 1] = gray;
        data[at + 2] = gray;
        data[at + 3] = 255;
      }
    }
  }
}

/**
 * The labels as one PNG image: `columns` labels a row (a single label alone), each its code drawn
 * module by module from the QR matrix, the box id under it in the built-in digit font, light cut
 * lines between the labels.
 */
export function labelsPng(labels: readonly Label[], columns: number, modulePixels: number): Buffer {
  const cellWidth = cellModules(labels) * modulePixels;
  const fontPixels = Math.max(1, Math.round(modulePixels * 0.6));
  // The id starts two modules below the code (in its quiet zone) and has three font pixels under it.
  const cellHeight = cellWidth - (QUIET_ZONE - 2) * modulePixels + (GLYPH.height + 3) * fontPixels;
  const across = Math.min(columns, labels.length);
  const rows = Math.ceil(labels.length / across);
  const canvas = new Canvas(across * cellWidth + 1, rows * cellHeight + 1);
  labels.forEach((label, index) => {
    const { row, column } = gridPlace(index, across, rows);
    drawLabel(canvas, label, column * cellWidth, row * cellHeight, { cellWidth, modulePixels, fontPixels });
  });
  for (let column = 0; column <= across; column++) canvas.fillRect(column * cellWidth, 0, 1, canvas.png.height, CUT_LINE_GRAY);
  for (let row = 0; row <= rows; row++) canvas.fillRect(0, row * cellHeight, canvas.png.width, 1, CUT_LINE_GRAY);
  return PNG.sync.write(canvas.png);
}

function drawLabel(canvas: Canvas, label: Label, left: number, top: number, size: { cellWidth: number; modulePixels: number; fontPixels: number }): void {
  const { cellWidth, modulePixels } = size;
  const offset = Math.floor((cellWidth - (label.matrix.size + 2 * QUIET_ZONE) * modulePixels) / 2) + QUIET_ZONE * modulePixels;
  for (const run of label.matrix.runs) {
    canvas.fillRect(left + offset + run.column * modulePixels, top + offset + run.row * modulePixels, run.length * modulePixels, modulePixels, 0);
  }
  // A long id gets smaller digits rather than run over the cut lines.
  const fontPixels = Math.max(1, Math.min(size.fontPixels, Math.floor((cellWidth - 4) / digitsWidth(label.boxId))));
  const textLeft = left + Math.floor((cellWidth - digitsWidth(label.boxId) * fontPixels) / 2);
  const textTop = top + cellWidth - (QUIET_ZONE - 2) * modulePixels;
  eachDigitPixel(label.boxId, (x, y) => canvas.fillRect(textLeft + x * fontPixels, textTop + y * fontPixels, fontPixels, fontPixels, 0));
}
