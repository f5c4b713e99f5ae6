import {
  EXPORT_NAMES,
  FAULT_FIELD_LABELS,
  FAULT_SEVERITY_LABELS,
  FAULT_STATE_LABELS,
  faultExportQuerySchema,
  formatMessage,
  faultPageSchema,
  faultQuerySchema,
  faultSearchQuerySchema,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { deviceOf, deviceQueryRoute, queryRoute, sendExport, workbookAnswers } from '../devices/routes.js';
import { DATE_TIME_FORMAT, sheetColumns, type ColumnsFor, type SheetColumn } from '../devices/xlsx.js';
import type { FaultRow, FaultService } from './service.js';

/** The export's columns, those of the record list; times are the wall time of each box's CK zone. */
function faultColumns(language: Language): SheetColumn<FaultRow>[] {
  return sheetColumns<FaultRow, keyof typeof FAULT_FIELD_LABELS>(FAULT_FIELD_LABELS, {
    severity: (row) => formatMessage(language, FAULT_SEVERITY_LABELS[row.severity]),
    started_at: { format: DATE_TIME_FORMAT, value: (row) => new Date(row.started_local_ms) },
    ended_at: { format: DATE_TIME_FORMAT, value: (row) => (row.ended_local_ms === null ? null : new Date(row.ended_local_ms)) },
    active: (row) => formatMessage(language, FAULT_STATE_LABELS[row.active ? 'active' : 'ended']),
  });
}

const doc = signedInDocs('faults');

/** Fault records: of one device, across the devices the caller may see, and their export. */
export const faultRoutes: FastifyPluginAsyncZod<{ faults: FaultService; guard: Guard; columnsFor: ColumnsFor }> = async (
  app,
  { faults, guard, columnsFor },
) => {
  app.get(
    '/devices/:boxId/controllers/:controllerId/faults',
    deviceQueryRoute(
      guard,
      {
        ...doc('The fault and alert records of a device, newest first'),
        description: '`from`/`to` select records that overlap the range; `active=true` only those not ended yet.',
      },
      faultPageSchema,
      faultQuerySchema,
    ),
    async (request) => {
      const [user, boxId, station] = deviceOf(request);
      return ok(request, await faults.ofDevice(user, request.language, boxId, station, request.query));
    },
  );

  app.get(
    '/faults',
    queryRoute(
      guard,
      doc('Fault and alert records of every device the caller may see, newest first'),
      faultSearchQuerySchema,
      answers(faultPageSchema, 400, 401),
    ),
    async (request) => ok(request, await faults.search(signedIn(request).user, request.language, request.query)),
  );

  app.get(
    '/faults/export',
    queryRoute(
      guard,
      doc(
        "The filtered fault records as an xlsx workbook of any size (streamed; headers and messages in the caller's language; `X-Export-Rows`: the rows it holds)",
      ),
      faultExportQuerySchema,
      workbookAnswers,
    ),
    (request, reply) => sendExport(request, reply, { name: EXPORT_NAMES.faults, columns: faultColumns, choice: { columnsFor, kind: 'faults' } }, faults),
  );
};
