/** Pure pieces of downloads and spreadsheet exports, tested on their own. */

export interface TransferProgress {
  /** 0-100, or null while the size is unknown (a streamed workbook has no Content-Length). */
  percent: number | null;
  /** Bytes received so far. */
  loaded: number;
}

export function transferProgress(loaded: number, total: number | null): TransferProgress {
  if (!total || total <= 0) return { percent: null, loaded };
  return { percent: Math.min(100, Math.floor((loaded / total) * 100)), loaded };
}

/** The header in which the server announces, before streaming, how many rows an export holds. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The announced row count, or null without (a server that does not say). */
export function announcedRows(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

/** `12.3 KB`, `4.5 MB`: what the progress line shows. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The file name of a `Content-Disposition` header: the UTF-8 `filename*` first, then `filename`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * A spreadsheet written in slices, so that the page stays responsive and the progress bar moves:
 * rows [start, end) of each slice, then the file is packed.
 */
export function sliceRanges(total: number, size: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = 0; start < total; start += size) ranges.push([start, Math.min(total, start + size)]);
  return ranges;
}

/**
 * Progress of a client-side export: fetching pages is the first 60 %, writing rows the next 30 %,
 * packing the file the last 10 %.
 */
export function exportPercent(phase: 'fetch' | 'write' | 'pack', done: number, total: number): number {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  switch (phase) {
    case 'fetch':
      return Math.floor(share * 60);
    case 'write':
      return 60 + Math.floor(share * 30);
    case 'pack':
      return 90 + Math.floor(share * 10);
  }
}
