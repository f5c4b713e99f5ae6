import { API_BASE } from '@cloudbox/domain';
import { getToken } from './auth';
import { announcedRows, EXPORT_ROWS_HEADER, fileNameFromDisposition, transferProgress, type TransferProgress } from './download-core';
import { buildUrl } from './request-core';
import { fetchEnvelope, type QueryParams } from './request';

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What a streamed download has received, and the rows the server said it holds. */
export interface StreamedProgress extends TransferProgress {
  rows: number | null;
}

/**
 * Downloads a file the server streams (the xlsx exports), reporting the bytes as they arrive
 * with the row count the server announced, and saves it. An answer that is not a file is an envelope (bad filter, signed out): it goes
 * through the request layer's code handling, which shows the message and rejects. With `body`, the
 * export is asked for by a POST of that JSON body (the spec's POST exports) instead of the query.
 */
export async function downloadFile(
  path: string,
  params: QueryParams,
  fallbackName: string,
  onProgress: (progress: StreamedProgress) => void,
  signal?: AbortSignal,
  body?: object,
): Promise<string> {
  const token = getToken();
  const response = await fetch(buildUrl(API_BASE, path, params), {
    method: body ? 'POST' : 'GET',
    headers: { ...(token ? { Authorization: `Bearer ${token}`, 'X-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) {
    // Let the request layer show the server's message (or the logged-out dialog) and reject.
    await fetchEnvelope(path, body ? { method: 'POST', data: body } : { params });
    throw new Error(response.statusText);
  }
  const total = Number(response.headers.get('content-length')) || null;
  const rows = announcedRows(response.headers.get(EXPORT_ROWS_HEADER));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ ...transferProgress(0, total), rows });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ ...transferProgress(loaded, total), rows });
    }
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
  return fileName;
}
