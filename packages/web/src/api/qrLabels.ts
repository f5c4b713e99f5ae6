import type { QrLabelFormat } from '@cloudbox/domain';
import { downloadFile, type StreamedProgress } from '../utils/download';

/** The QR label calls (GET /boxes/:boxId/qr-label, GET /boxes/qr-labels): files, saved as they arrive. */

/** What to print: one box, or the caller's boxes of an id range. */
export type QrLabelsRequest =
  { kind: 'box'; boxId: string; format: QrLabelFormat } | { kind: 'range'; startBoxId: string; endBoxId: string; format: QrLabelFormat; columns: number };

/** Downloads and saves the labels; resolves the saved file's name. A refusal shows the server's message and rejects. */
export function downloadQrLabels(request: QrLabelsRequest, onProgress: (progress: StreamedProgress) => void, signal: AbortSignal): Promise<string> {
  if (request.kind === 'box') {
    return downloadFile(
      `/boxes/${encodeURIComponent(request.boxId)}/qr-label`,
      { format: request.format },
      `qr-label-${request.boxId}.${request.format}`,
      onProgress,
      signal,
    );
  }
  const params = { start_box_id: request.startBoxId, end_box_id: request.endBoxId, format: request.format, columns: request.columns };
  return downloadFile('/boxes/qr-labels', params, `qr-labels.${request.format}`, onProgress, signal);
}
