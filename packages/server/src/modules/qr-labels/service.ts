import { boxCodeUrl, QR_LABELS_MAX, QR_LABELS_PNG_MAX, type QrLabelFormat, type QrLabelRangeQuery } from '@cloudbox/domain';
import { labelScope, type LabelScope } from '../../access/scope.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { labelsOf } from './label.js';
import { labelsPdf } from './pdf.js';
import { labelsPng, PNG_MODULE_PIXELS } from './png.js';
import { boxIdsInRange, boxInScope } from './sql.js';

/** A rendered label file. */
export interface LabelFile {
  format: QrLabelFormat;
  body: Buffer;
  /** The file's name without its extension. */
  name: string;
}

export type QrLabelService = ReturnType<typeof createQrLabelService>;

/**
 * Printable QR labels of boxes: which boxes a caller may label (access/ `labelScope`) and their
 * files. A code's URL starts with `publicUrl` when the install has one, else with the address the
 * caller reached the console at (`origin`, given per call).
 */
export function createQrLabelService({ db, publicUrl }: { db: Db; publicUrl: string | undefined }) {
  function scopeOf(user: UserRow): NonNullable<LabelScope> {
    const scope = labelScope(user);
    if (!scope) throw ApiError.forbidden();
    return scope;
  }

  async function render(boxIds: string[], format: QrLabelFormat, columns: number, origin: string, name: string): Promise<LabelFile> {
    const labels = labelsOf(boxIds, (boxId) => boxCodeUrl(publicUrl ?? origin, boxId));
    const single = boxIds.length === 1;
    const body =
      format === 'pdf'
        ? Buffer.from(await labelsPdf(labels, columns, name))
        : labelsPng(labels, columns, single ? PNG_MODULE_PIXELS.single : PNG_MODULE_PIXELS.sheet);
    return { format, body, name };
  }

  return {
    /** One box's label; a box the caller may not label answers as one that does not exist. */
    async box(user: UserRow, boxId: string, format: QrLabelFormat, origin: string): Promise<LabelFile> {
      const [box] = await queryRows<{ id: string }>(db, boxInScope(scopeOf(user), boxId));
      if (!box) throw ApiError.notFound('boxNotFound');
      return render([box.id], format, 1, origin, `qr-label-${box.id}`);
    },

    /** The labels of the caller's boxes in an id range: none is 404, more than a file holds is 400 (nothing rendered). */
    async range(user: UserRow, query: QrLabelRangeQuery, origin: string): Promise<LabelFile> {
      const max = query.format === 'png' ? QR_LABELS_PNG_MAX : QR_LABELS_MAX;
      const rows = await queryRows<{ id: string }>(db, boxIdsInRange(scopeOf(user), query.start_box_id, query.end_box_id, max + 1));
      if (rows.length === 0) throw ApiError.notFound('qrLabelsNoBoxes');
      if (rows.length > max) throw ApiError.rejected(query.format === 'png' ? 'qrLabelsPngTooMany' : 'qrLabelsTooMany', { max });
      const ids = rows.map((row) => row.id);
      return render(ids, query.format, query.columns, origin, `qr-labels-${ids[0]}-${ids.at(-1)}`);
    },
  };
}
