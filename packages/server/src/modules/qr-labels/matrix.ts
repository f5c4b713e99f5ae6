import QRCode from 'qrcode';

/** A QR code as its dark modules, merged into horizontal runs (fewer shapes to draw than modules). */
export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Dark runs: row, first column, length in modules. */
  runs: { row: number; column: number; length: number }[];
}

/** Light modules around the code that a scanner needs (the standard's quiet zone). */
export const QUIET_ZONE = 4;

/** The matrix of `text` (error correction M: a label may get scratched, and the code stays small). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: QrMatrix['runs'] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.data[row * modules.size + column] === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}
