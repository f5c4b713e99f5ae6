import { OPERATION_LOG_FIELD_LABELS, operationLogEntrySchema, operationLogExportQuerySchema, operationLogQuerySchema } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { SIGNED_IN } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookAnswers } from '../devices/routes.js';
import { DATE_TIME_FORMAT, sheetColumns, type ColumnsFor, type SheetColumn } from '../devices/xlsx.js';
import type { OperationLogRow, OperationLogService } from './service.js';

/**
 * The export's columns, those of the log screen; the time is the wall time of the caller's CK zone.
 * An action is written as its name: its wording lives in the console's tables.
 */
function operationLogColumns(): SheetColumn<OperationLogRow>[] {
  return sheetColumns<OperationLogRow, keyof typeof OPERATION_LOG_FIELD_LABELS>(OPERATION_LOG_FIELD_LABELS, {
    created_at: { format: DATE_TIME_FORMAT, value: (row) => new Date(row.created_local_ms) },
    register_name: (row) => row.register_name ?? row.register,
  });
}

export const operationLogRoutes: FastifyPluginAsyncZod<{ oplog: OperationLogService; guard: Guard; columnsFor: ColumnsFor }> = async (
  app,
  { oplog, guard, columnsFor },
) => {
  const docs = (summary: string) => ({ tags: ['logs'], summary, security: SIGNED_IN });
  app.get(
    '/operation-logs',
    {
      preHandler: guard.authenticate,
      schema: {
        ...docs('Writes people made to devices (send command, switch, modify parameter), newest first, of the boxes the caller may see'),
        querystring: operationLogQuerySchema,
        response: { 200: envelope(z.object({ total: z.number().int(), items: z.array(operationLogEntrySchema) })), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await oplog.list(signedIn(request).user, request.query, request.language)),
  );

  app.get(
    '/operation-logs/export',
    {
      preHandler: guard.authenticate,
      schema: {
        ...docs(
          "The filtered operation log as an xlsx workbook (streamed; the list's filters and scope; the columns the caller's company chose; `X-Export-Rows`: the rows it holds)",
        ),
        querystring: operationLogExportQuerySchema,
        response: workbookAnswers,
      },
    },
    (request, reply) =>
      sendExport(request, reply, { name: 'operationLogSheet', columns: operationLogColumns, choice: { columnsFor, kind: 'operation_log' } }, oplog),
  );
};
