import {
  boxIdParamSchema,
  controllerIdParamSchema,
  DEVICE_FIELD_LABELS,
  DEVICE_STATE_LABELS,
  deviceDetailSchema,
  deviceExportQuerySchema,
  deviceFilterSchema,
  deviceListQuerySchema,
  devicePageSchema,
  deviceRealtimeSchema,
  deviceHistorySchema,
  deviceStatusCountsSchema,
  EXPORT_NAMES,
  formatMessage,
  historyQuerySchema,
  klineQuerySchema,
  klineSchema,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { DeviceExportRow, DeviceService } from './service.js';
import { DATE_TIME_FORMAT, sendWorkbook, XLSX_CONTENT_TYPE, type SheetColumn } from './xlsx.js';

export const deviceParams = z.object({ boxId: boxIdParamSchema, controllerId: controllerIdParamSchema });
export const workbookResponse = z.unknown().describe(`${XLSX_CONTENT_TYPE}: the workbook, streamed`);

/** The columns of the device export, in the order of the list screen. */
function deviceColumns(language: Language): SheetColumn<DeviceExportRow>[] {
  const labels = DEVICE_FIELD_LABELS;
  return [
    { header: labels.box_id, width: 14, value: (row) => row.box_id },
    { header: labels.controller_id, width: 8, value: (row) => row.controller_id },
    { header: labels.ck, width: 8, value: (row) => row.ck },
    { header: labels.owner_unit, width: 28, value: (row) => row.owner_unit },
    { header: labels.status, width: 14, value: (row) => formatMessage(language, DEVICE_STATE_LABELS[row.status]) },
    { header: labels.model, width: 18, value: (row) => row.model },
    { header: labels.machine_model, width: 14, value: (row) => row.machine_model },
    { header: labels.device_number, width: 14, value: (row) => row.device_number },
    { header: labels.iot_model, width: 14, value: (row) => row.iot_model },
    { header: labels.software, width: 14, value: (row) => row.software },
    { header: labels.iccid, width: 22, value: (row) => row.iccid },
    { header: labels.install_date, width: 12, value: (row) => row.install_date },
    { header: labels.expiry_date, width: 12, value: (row) => row.expiry_date },
    {
      header: labels.last_seen_at,
      width: 20,
      format: DATE_TIME_FORMAT,
      value: (row) => (row.last_seen_local_ms === null ? null : new Date(row.last_seen_local_ms)),
    },
    { header: labels.province, width: 12, value: (row) => row.location.province },
    { header: labels.city, width: 12, value: (row) => row.location.city },
    { header: labels.district, width: 12, value: (row) => row.location.district },
    { header: labels.street, width: 20, value: (row) => row.location.street },
    { header: labels.contact, width: 10, value: (row) => row.contact },
    { header: labels.phone, width: 14, value: (row) => row.phone },
    { header: labels.remark, width: 24, value: (row) => row.remark },
  ];
}

/** The device query API (DESIGN.md section 6): every call is scoped to the boxes the caller may see. */
export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DeviceService; guard: Guard }> = async (app, { devices, guard }) => {
  app.get(
    '/devices',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'The device list: one item per controller of a box, with the box facts; filtered, sorted and paged',
        description:
          "`status`: online, offline (connection); normal, alert, fault (worst active fault record); their combinations; or unregistered (boxes that connect without a registration, for root and limited_admin). `expiry` groups by the month of the SIM expiry in the CK's time zone.",
        security: SIGNED_IN,
        querystring: deviceListQuerySchema,
        response: { 200: envelope(devicePageSchema), ...errorResponses(400, 401) },
      },
      // The hottest answer. Its items are made field by field (`itemOf`), so it is written as it
      // is rather than checked against the schema again on every call (a third of the route's
      // time); the schema still documents it, and the API tests hold the answer to it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ok(request, await devices.list(signedIn(request).user, request.language, request.query)),
  );

  app.get(
    '/devices/status-counts',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'How many devices have each status, under the same filters as the list (but the status)',
        security: SIGNED_IN,
        querystring: deviceFilterSchema.omit({ status: true }),
        response: { 200: envelope(deviceStatusCountsSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await devices.statusCounts(signedIn(request).user, request.query)),
  );

  app.get(
    '/devices/export',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "The filtered, sorted device list as an xlsx workbook (streamed; headers in the caller's language; `X-Export-Rows`: the rows it holds)",
        security: SIGNED_IN,
        querystring: deviceExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      return sendWorkbook(request, reply, {
        name: EXPORT_NAMES.devices,
        date: await devices.exportDate(user),
        columns: deviceColumns(request.language),
        ...(await devices.exportRows(user, request.language, request.query)),
      });
    },
  );

  app.get(
    '/devices/:boxId',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'A box with its controllers and their status, connection state, location, SIM and expiry, and its recent connection log',
        security: SIGNED_IN,
        params: z.object({ boxId: boxIdParamSchema }),
        response: { 200: envelope(deviceDetailSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await devices.detail(signedIn(request).user, request.language, request.params.boxId)),
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/realtime',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "The newest value of every register of a device, named in the caller's language, and the device type's page layout",
        security: SIGNED_IN,
        params: deviceParams,
        response: { 200: envelope(deviceRealtimeSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { boxId, controllerId } = request.params;
      return ok(request, await devices.realtime(signedIn(request).user, request.language, boxId, controllerId));
    },
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/history',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'Values of a device over a time range: paged samples, or downsampled to `points` per register',
        description:
          "`from`/`to`: epoch ms or ISO 8601 with an offset (default: the last 24 hours). `registers`: comma list (default: all). With `points`, each bucket keeps its first, lowest, highest and last value (M4), and buckets of an hour or more read the hourly rollups; ranges past the raw retention always read them (`source: hourly`, the hour's average when paged).",
        security: SIGNED_IN,
        params: deviceParams,
        querystring: historyQuerySchema,
        response: { 200: envelope(deviceHistorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { boxId, controllerId } = request.params;
      return ok(request, await devices.history(signedIn(request).user, boxId, controllerId, request.query));
    },
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/kline',
    {
      preHandler: guard.authenticate,
      schema: {
        tags: ['devices'],
        summary: "Hourly or daily candles of one register, from the rollups; days start at local midnight of the CK's time zone",
        description: '`t` is the bucket start in epoch ms; `high`/`low` equal `max`/`min`. Default range: the last 7 days of hours or 365 days of days.',
        security: SIGNED_IN,
        params: deviceParams,
        querystring: klineQuerySchema,
        response: { 200: envelope(klineSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { boxId, controllerId } = request.params;
      return ok(request, await devices.kline(signedIn(request).user, boxId, controllerId, request.query));
    },
  );
};
