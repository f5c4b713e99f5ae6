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
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { deviceParams, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, sendWorkbook, type SheetColumn } from '../devices/xlsx.js';
import type { FaultRow, FaultService } from './service.js';

/** The export's columns; times are the wall time of each box's CK zone. */
function faultColumns(language: Language): SheetColumn<FaultRow>[] {
  const labels = FAULT_FIELD_LABELS;
  return [
    { header: labels.box_id, width: 14, value: (row) => row.box_id },
    { header: labels.controller_id, width: 8, value: (row) => row.controller_id },
    { header: labels.ck, width: 8, value: (row) => row.ck },
    { header: labels.owner_unit, width: 28, value: (row) => row.owner_unit },
    { header: labels.model, width: 18, value: (row) => row.model },
    { header: labels.device_number, width: 14, value: (row) => row.device_number },
    { header: labels.severity, width: 8, value: (row) => formatMessage(language, FAULT_SEVERITY_LABELS[row.severity]) },
    { header: labels.code, width: 8, value: (row) => row.code },
    { header: labels.message, width: 36, value: (row) => row.message },
    { header: labels.register, width: 10, value: (row) => row.register },
    { header: labels.register_name, width: 20, value: (row) => row.register_name },
    { header: labels.value, width: 10, value: (row) => row.value },
    { header: labels.started_at, width: 20, format: DATE_TIME_FORMAT, value: (row) => new Date(row.started_local_ms) },
    { header: labels.ended_at, width: 20, format: DATE_TIME_FORMAT, value: (row) => (row.ended_local_ms === null ? null : new Date(row.ended_local_ms)) },
    { header: labels.active, width: 10, value: (row) => formatMessage(language, FAULT_STATE_LABELS[row.active ? 'active' : 'ended']) },
  ];
}

/** Fault records: of one device, across the devices the caller may see, and their export. */
export const faultRoutes: FastifyPluginAsyncZod<{ faults: FaultService; guard: Guard }> = async (app, { faults, guard }) => {
  app.get(
    '/devices/:boxId/controllers/:controllerId/faults',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['faults'],
        summary: 'The fault and alert records of a device, newest first',
        description: '`from`/`to` select records that overlap the range; `active=true` only those not ended yet.',
        security: SIGNED_IN,
        params: deviceParams,
        querystring: faultQuerySchema,
        response: { 200: envelope(faultPageSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { boxId, controllerId } = request.params;
      return ok(request, await faults.ofDevice(signedIn(request).user, request.language, boxId, controllerId, request.query));
    },
  );

  app.get(
    '/faults',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['faults'],
        summary: 'Fault and alert records of every device the caller may see, newest first',
        security: SIGNED_IN,
        querystring: faultSearchQuerySchema,
        response: { 200: envelope(faultPageSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await faults.search(signedIn(request).user, request.language, request.query)),
  );

  app.get(
    '/faults/export',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['faults'],
        summary:
          "The filtered fault records as an xlsx workbook of any size (streamed; headers and messages in the caller's language; `X-Export-Rows`: the rows it holds)",
        security: SIGNED_IN,
        querystring: faultExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      return sendWorkbook(request, reply, {
        name: EXPORT_NAMES.faults,
        date: await faults.exportDate(user),
        columns: faultColumns(request.language),
        ...(await faults.exportRows(user, request.language, request.query)),
      });
    },
  );
};
