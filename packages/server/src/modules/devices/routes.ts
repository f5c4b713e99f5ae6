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
  type ExportKind,
  formatMessage,
  historyQuerySchema,
  klineQuerySchema,
  klineSchema,
  type Language,
  type MessageKey,
  RUN_STATE_LABELS,
  deviceRunCountsSchema,
  runningHoursSchema,
} from '@cloudbox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import type { Person } from '../../access/scope.js';
import type { DeviceExportRow } from './exports.js';
import type { DeviceService } from './service.js';
import { chosenColumns, DATE_TIME_FORMAT, sendWorkbook, sheetColumns, XLSX_CONTENT_TYPE, type ColumnsFor, type ExportRows, type SheetColumn } from './xlsx.js';

export const deviceParams = z.object({ boxId: boxIdParamSchema, controllerId: controllerIdParamSchema });
export const workbookResponse = z.unknown().describe(`${XLSX_CONTENT_TYPE}: the workbook, streamed`);

type RouteDocs = ReturnType<ReturnType<typeof signedInDocs>> & { description?: string };

/** A signed-in route that reads a query: its docs, query and answers (a bad query is 400, a missing session 401). */
export function queryRoute<Q extends z.ZodType, R extends Record<number, z.ZodType>>(guard: Guard, docs: RouteDocs, querystring: Q, response: R) {
  return { preHandler: guard.authenticate, schema: { ...docs, querystring, response } };
}

/** A signed-in route on the device its path names: a device the caller may not see is 404. */
export function deviceRoute<R extends z.ZodType>(guard: Guard, docs: RouteDocs, data: R) {
  return { preHandler: guard.authenticate, schema: { ...docs, params: deviceParams, response: answers(data, 400, 401, 404) } };
}

/** A `deviceRoute` that reads a query. */
export function deviceQueryRoute<R extends z.ZodType, Q extends z.ZodType>(guard: Guard, docs: RouteDocs, data: R, querystring: Q) {
  const route = deviceRoute(guard, docs, data);
  return { ...route, schema: { ...route.schema, querystring } };
}

/** The caller, box and station of a `deviceRoute` request, as the services take them. */
export function deviceOf(request: FastifyRequest & { params: z.output<typeof deviceParams> }): [Person, string, number] {
  return [signedIn(request).user, request.params.boxId, request.params.controllerId];
}

/** The xlsx answer of an export route, streamed (see sendWorkbook). */
export const workbookAnswers = { 200: workbookResponse, ...errorResponses(400, 401) };

/** What an export route reads of its service: the caller's date for the file name, and the rows of a query. */
interface Exporter<T, Q> {
  exportDate(user: Person): Promise<string>;
  exportRows(user: Person, language: Language, query: Q): Promise<ExportRows<T>>;
}

/**
 * Answers an export route: the caller's rows of the query as a workbook, its headers in the
 * caller's language. An export a company may arrange (`choice`) holds the columns the caller's
 * company chose, in its order; root and users without a company get the default.
 */
export async function sendExport<T, Q>(
  request: FastifyRequest & { query: Q },
  reply: FastifyReply,
  sheet: { name: MessageKey; columns: (language: Language) => SheetColumn<T>[]; choice?: { columnsFor: ColumnsFor; kind: ExportKind } },
  exporter: Exporter<T, Q>,
): Promise<FastifyReply> {
  const { user } = signedIn(request);
  const columns = sheet.columns(request.language);
  const company = user.roles.includes('root') ? null : user.ck;
  return sendWorkbook(request, reply, {
    name: sheet.name,
    date: await exporter.exportDate(user),
    columns: sheet.choice ? chosenColumns(columns, await sheet.choice.columnsFor(company, sheet.choice.kind)) : columns,
    ...(await exporter.exportRows(user, request.language, request.query)),
  });
}

/** The columns of the device export: those of the list screen. */
function deviceColumns(language: Language): SheetColumn<DeviceExportRow>[] {
  return sheetColumns<DeviceExportRow, keyof typeof DEVICE_FIELD_LABELS>(DEVICE_FIELD_LABELS, {
    province: (row) => row.location.province,
    city: (row) => row.location.city,
    district: (row) => row.location.district,
    street: (row) => row.location.street,
    status: (row) => formatMessage(language, DEVICE_STATE_LABELS[row.status]),
    run_state: (row) => formatMessage(language, RUN_STATE_LABELS[row.run_state]),
    last_seen_at: { format: DATE_TIME_FORMAT, value: (row) => (row.last_seen_local_ms === null ? null : new Date(row.last_seen_local_ms)) },
  });
}

const doc = signedInDocs('devices');

/** The device query API (DESIGN.md section 6): every call is scoped to the boxes the caller may see. */
export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DeviceService; guard: Guard; columnsFor: ColumnsFor }> = async (
  app,
  { devices, guard, columnsFor },
) => {
  app.get(
    '/devices',
    {
      ...queryRoute(
        guard,
        {
          ...doc('The device list: one item per controller of a box, with the box facts; filtered, sorted and paged'),
          description:
            "`status`: online, offline (connection); normal, alert, fault (worst active fault record); their combinations; or unregistered (boxes that connect without a registration, for root and limited_admin). `expiry` groups by the month of the SIM expiry in the CK's time zone.",
        },
        deviceListQuerySchema,
        answers(devicePageSchema, 400, 401),
      ),
      // The hottest answer. Its items are made field by field (`itemOf`), so it is written as it
      // is rather than checked against the schema again on every call (a third of the route's
      // time); the schema still documents it, and the API tests hold the answer to it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ok(request, await devices.list(signedIn(request).user, request.language, request.query)),
  );

  app.get(
    '/devices/status-counts',
    queryRoute(
      guard,
      doc('How many devices have each status, under the same filters as the list (but the status)'),
      deviceFilterSchema.omit({ status: true }),
      answers(deviceStatusCountsSchema, 400, 401),
    ),
    async (request) => ok(request, await devices.statusCounts(signedIn(request).user, request.query)),
  );

  app.get(
    '/devices/run-counts',
    queryRoute(
      guard,
      doc("How many devices are running, stopped or of unknown run state (by their type's stop state), under the list's filters"),
      deviceFilterSchema.omit({ status: true, run_state: true }),
      answers(deviceRunCountsSchema, 400, 401),
    ),
    async (request) => ok(request, await devices.runCounts(signedIn(request).user, request.query)),
  );

  app.get(
    '/devices/export',
    queryRoute(
      guard,
      doc("The filtered, sorted device list as an xlsx workbook (streamed; headers in the caller's language; `X-Export-Rows`: the rows it holds)"),
      deviceExportQuerySchema,
      workbookAnswers,
    ),
    (request, reply) =>
      sendExport(request, reply, { name: EXPORT_NAMES.devices, columns: deviceColumns, choice: { columnsFor, kind: 'device_list' } }, devices),
  );

  app.get(
    '/devices/:boxId',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc('A box with its controllers and their status, connection state, location, SIM and expiry, and its recent connection log'),
        params: z.object({ boxId: boxIdParamSchema }),
        response: answers(deviceDetailSchema, 400, 401, 404),
      },
    },
    async (request) => ok(request, await devices.detail(signedIn(request).user, request.language, request.params.boxId)),
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/realtime',
    deviceRoute(
      guard,
      doc("The newest value of every register of a device, named in the caller's language, and the device type's page layout"),
      deviceRealtimeSchema,
    ),
    async (request) => {
      const [user, boxId, station] = deviceOf(request);
      return ok(request, await devices.realtime(user, request.language, boxId, station));
    },
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/running-hours',
    deviceRoute(
      guard,
      {
        ...doc("A device's running hours today and over the last 30 days, from the hourly rollups of its type's stop-state register"),
        description:
          "Today starts at local midnight of the CK's time zone. An hour counts fully when its lowest and highest values both mean running, not at all when both mean stopped, else by the average of a 0/1 flag or half; hours to one decimal. Null without a stop state.",
      },
      runningHoursSchema,
    ),
    async (request) => ok(request, await devices.runningHours(...deviceOf(request))),
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/history',
    deviceQueryRoute(
      guard,
      {
        ...doc('Values of a device over a time range: paged samples, or downsampled to `points` per register'),
        description:
          "`from`/`to`: epoch ms or ISO 8601 with an offset (default: the last 24 hours). `registers`: comma list (default: all). With `points`, each bucket keeps its first, lowest, highest and last value (M4), and buckets of an hour or more read the hourly rollups; ranges past the raw retention always read them (`source: hourly`, the hour's average when paged).",
      },
      deviceHistorySchema,
      historyQuerySchema,
    ),
    async (request) => ok(request, await devices.history(...deviceOf(request), request.query)),
  );

  app.get(
    '/devices/:boxId/controllers/:controllerId/kline',
    deviceQueryRoute(
      guard,
      {
        ...doc("Hourly or daily candles of one register, from the rollups; days start at local midnight of the CK's time zone"),
        description: '`t` is the bucket start in epoch ms; `high`/`low` equal `max`/`min`. Default range: the last 7 days of hours or 365 days of days.',
      },
      klineSchema,
      klineQuerySchema,
    ),
    async (request) => ok(request, await devices.kline(...deviceOf(request), request.query)),
  );
};
