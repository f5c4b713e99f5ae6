import { z } from 'zod';
import { boxIdParamSchema } from '../boxes/box.js';
import { rangeProblem } from '../box-registry/registry.js';
import { numberInput } from '../validation-schemas.js';

/**
 * Printable QR labels of boxes (issue 15): one box, or the boxes of an id range, as a PDF (A4 sheets)
 * or a PNG sheet. The code holds the add-device link of the box (`boxCodeUrl`), which the add-device
 * scanner reads; the CK code is left out on purpose (see ARCHITECTURE-services.md).
 */

/** The files a label comes as. */
export const QR_LABEL_FORMATS = ['pdf', 'png'] as const;
export type QrLabelFormat = (typeof QR_LABEL_FORMATS)[number];

/** At most this many labels in one PDF (a range is counted in boxes, in numeric id order). */
export const QR_LABELS_MAX = 500;
/** A PNG sheet is one image held in memory while encoded: it holds fewer labels than a PDF. */
export const QR_LABELS_PNG_MAX = 100;
/** Labels per row of a sheet: the choice and its default (4 on A4: 16 labels a page). */
export const QR_LABEL_COLUMNS = { min: 2, max: 6, default: 4 } as const;

/** The console route a box's code opens: the add-device screen with the box id filled in. */
export const ADD_DEVICE_PATH = '/usermanager/add-device';

/** The text of a box's QR code: `origin` is the console's (PUBLIC_URL, or the address the caller used). */
export function boxCodeUrl(origin: string, boxId: string): string {
  return `${origin.replace(/\/+$/, '')}${ADD_DEVICE_PATH}?box_id=${encodeURIComponent(boxId)}`;
}

const format = (fallback: QrLabelFormat) => z.enum(QR_LABEL_FORMATS, { error: 'fieldInvalid' }).default(fallback);
const columns = numberInput(
  z.number({ error: 'fieldInvalid' }).int('fieldInvalid').min(QR_LABEL_COLUMNS.min, 'fieldInvalid').max(QR_LABEL_COLUMNS.max, 'fieldInvalid'),
).default(QR_LABEL_COLUMNS.default);

const BOTH_IDS = /^\d{1,32},\d{1,32}$/;

/** GET /boxes/:boxId/qr-label: one box's label, a PNG by default. */
export const qrLabelQuerySchema = z.object({ format: format('png') });

/**
 * GET /boxes/qr-labels: the labels of the boxes with ids from start to end (both required, SPEC.md
 * section 5), a PDF by default; the end not below the start. How many boxes that is, the server counts.
 */
export const qrLabelRangeQuerySchema = z
  .object({ start_box_id: boxIdParamSchema, end_box_id: boxIdParamSchema, format: format('pdf'), columns })
  .superRefine((input, context) => {
    // Zod runs this even when an id failed its own check: compare only two well-formed ids.
    if (!BOTH_IDS.test(`${input.start_box_id},${input.end_box_id}`)) return;
    if (rangeProblem(input.start_box_id, input.end_box_id, Number.MAX_SAFE_INTEGER) === 'rangeReversed')
      context.addIssue({ code: 'custom', path: ['end_box_id'], message: 'rangeReversed' });
  });
export type QrLabelRangeQuery = z.output<typeof qrLabelRangeQuerySchema>;
