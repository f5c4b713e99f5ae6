import {
  formatMessage,
  SERVER_LOG_FIELD_LABELS,
  SERVER_LOG_KIND_LABELS,
  SERVER_LOG_LEVEL_LABELS,
  serverLogEntrySchema,
  serverLogExportQuerySchema,
  serverLogHourSchema,
  serverLogQuerySchema,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookAnswers } from '../devices/routes.js';
import { DATE_TIME_FORMAT, type SheetColumn } from '../devices/xlsx.js';
import type { ServerLogReader, ServerLogRow } from './service.js';

const WIDTHS: Record<keyof typeof SERVER_LOG_FIELD_LABELS, number> = {
  created_at: 20,
  level: 10,
  kind: 18,
  box_id: 14,
  text: 60,
  request_id: 38,
  instance: 24,
};

/** The export's columns, those of the screen: level and kind in the reader's words, the message in the reader's language. */
function serverLogColumns(language: Language): SheetColumn<ServerLogRow>[] {
  const readers: Record<keyof typeof SERVER_LOG_FIELD_LABELS, SheetColumn<ServerLogRow>['value']> = {
    created_at: (row) => new Date(row.created_local_ms),
    level: (row) => formatMessage(language, SERVER_LOG_LEVEL_LABELS[row.level]),
    kind: (row) => formatMessage(language, SERVER_LOG_KIND_LABELS[row.kind]),
    box_id: (row) => row.box_id,
    text: (row) => row.text,
    request_id: (row) => row.request_id,
    instance: (row) => row.instance,
  };
  return (Object.keys(SERVER_LOG_FIELD_LABELS) as (keyof typeof SERVER_LOG_FIELD_LABELS)[]).map((field) => ({
    key: field,
    header: SERVER_LOG_FIELD_LABELS[field],
    width: WIDTHS[field],
    value: readers[field],
    ...(field === 'created_at' ? { format: DATE_TIME_FORMAT } : {}),
  }));
}

/** GET /server-logs (paged), /server-logs/hours (the chart) and /server-logs/export (xlsx): every signed-in user, scoped. */
export const serverLogRoutes: FastifyPluginAsyncZod<{ serverLogs: ServerLogReader; guard: Guard }> = async (app, { serverLogs, guard }) => {
  const docs = (summary: string) => ({ tags: ['logs'], summary, security: SIGNED_IN });
  app.get(
    '/server-logs',
    {
      preHandler: guard.authenticate,
      schema: {
        ...docs("The server's own events, newest first: root reads all, anyone else only the entries about boxes it may read"),
        querystring: serverLogQuerySchema,
        response: { 200: envelope(z.object({ total: z.number().int(), items: z.array(serverLogEntrySchema) })), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await serverLogs.list(signedIn(request).user, request.query, request.language)),
  );

  app.get(
    '/server-logs/hours',
    {
      preHandler: guard.authenticate,
      schema: {
        ...docs("The list's entries per hour and level over its time range (the last day when none, at most 31 days)"),
        querystring: serverLogExportQuerySchema,
        response: { 200: envelope(z.array(serverLogHourSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await serverLogs.hours(signedIn(request).user, request.query)),
  );

  app.get(
    '/server-logs/export',
    {
      preHandler: guard.authenticate,
      schema: {
        ...docs("The filtered server log as an xlsx workbook (streamed; the list's filters and scope; `X-Export-Rows`: the rows it holds)"),
        querystring: serverLogExportQuerySchema,
        response: workbookAnswers,
      },
    },
    (request, reply) => sendExport(request, reply, { name: 'serverLogSheet', columns: serverLogColumns }, serverLogs),
  );
};
