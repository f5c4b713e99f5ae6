import {
  EVENT_KIND_LABELS,
  EVENT_LOG_FIELD_LABELS,
  FAULT_SEVERITY_LABELS,
  deviceTypeIdParamSchema,
  eventLogExportQuerySchema,
  eventLogPageSchema,
  eventLogQuerySchema,
  eventRuleCreateSchema,
  eventRuleEnabledSchema,
  eventRuleIdParamSchema,
  eventRuleItemSchema,
  eventRulePageSchema,
  eventRuleQuerySchema,
  eventRuleUpdateSchema,
  formatMessage,
  ruleRegisterChoicesSchema,
  type Language,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, sheetColumns, type SheetColumn } from '../devices/xlsx.js';
import type { Actor } from '../oplog/service.js';
import type { EventLogRow } from './event-log.js';
import type { EventRuleService } from './service.js';

const doc = signedInDocs('event-rules');

/** The screens that guard the calls (root), as the menu does. */
export const EVENT_RULES_SCREEN = '/events/events-list';
export const EVENT_LOG_SCREEN = '/events/events-log';

function eventLogColumns(language: Language): SheetColumn<EventLogRow>[] {
  return sheetColumns<EventLogRow, keyof typeof EVENT_LOG_FIELD_LABELS>(EVENT_LOG_FIELD_LABELS, {
    time: { format: DATE_TIME_FORMAT, value: (row) => new Date(row.time_local_ms) },
    kind: (row) => formatMessage(language, EVENT_KIND_LABELS[row.kind]),
    severity: (row) => formatMessage(language, FAULT_SEVERITY_LABELS[row.severity]),
  });
}

/** /event-rules: event rules as data, edited by root without a restart; /event-log: the fleet's firings and clearings. */
export const eventRuleRoutes: FastifyPluginAsyncZod<{ eventRules: EventRuleService; guard: Guard }> = async (app, { eventRules, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(EVENT_RULES_SCREEN)];
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });
  const params = eventRuleIdParamSchema;

  app.get(
    '/event-rules',
    {
      preHandler,
      schema: {
        ...doc("Every event rule of every device type (or of one), by type and code; messages in the caller's language and in all four"),
        querystring: eventRuleQuerySchema,
        response: answers(eventRulePageSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await eventRules.list(request.language, request.query)),
  );

  app.get(
    '/event-rules/registers/:deviceTypeId',
    {
      preHandler,
      schema: {
        ...doc('The registers of a device type that a rule may name (number, name, unit, width, format)'),
        params: z.object({ deviceTypeId: deviceTypeIdParamSchema }),
        response: answers(ruleRegisterChoicesSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await eventRules.registers(request.language, request.params.deviceTypeId)),
  );

  app.get(
    '/event-rules/:id',
    { preHandler, schema: { ...doc('One event rule'), params, response: answers(eventRuleItemSchema, 400, 401, 403, 404) } },
    async (request) => ok(request, await eventRules.get(request.language, request.params.id)),
  );

  app.post(
    '/event-rules',
    {
      preHandler,
      schema: {
        ...doc('Adds an event rule to a device type (its next free code); ingest judges the next message by it'),
        body: eventRuleCreateSchema,
        response: answers(eventRuleItemSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rule = await eventRules.create(actorOf(request), request.language, request.body);
      return ok(request, rule, 'eventRuleAdded', { code: rule.code });
    },
  );

  app.put(
    '/event-rules/:id',
    {
      preHandler,
      schema: {
        ...doc('Edits an event rule (its type and code stay); disabling it ends its open records now'),
        params,
        body: eventRuleUpdateSchema,
        response: answers(eventRuleItemSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await eventRules.update(actorOf(request), request.language, request.params.id, request.body), 'eventRuleSaved'),
  );

  app.patch(
    '/event-rules/:id/enabled',
    {
      preHandler,
      schema: {
        ...doc('Enables or disables an event rule; disabling ends its open records now'),
        params,
        body: eventRuleEnabledSchema,
        response: answers(eventRuleItemSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rule = await eventRules.setEnabled(actorOf(request), request.language, request.params.id, request.body.enabled);
      return ok(request, rule, rule.enabled ? 'eventRuleEnabled' : 'eventRuleDisabled');
    },
  );

  app.delete(
    '/event-rules/:id',
    {
      preHandler,
      schema: { ...doc('Deletes an event rule; its open records end now, its past records stay'), params, response: answers(z.null(), 400, 401, 403, 404) },
    },
    async (request) => {
      await eventRules.remove(actorOf(request), request.params.id);
      return ok(request, null, 'eventRuleDeleted');
    },
  );

  const logHandler = [guard.authenticate, requireScreen(EVENT_LOG_SCREEN)];

  app.get(
    '/event-log',
    {
      preHandler: logHandler,
      schema: {
        ...doc("Every firing (a fault record's start) and clearing (its end) across the fleet, newest first; messages in the caller's language"),
        querystring: eventLogQuerySchema,
        response: answers(eventLogPageSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await eventRules.eventLog(request.language, request.query)),
  );

  app.get(
    '/event-log/export',
    {
      preHandler: logHandler,
      schema: {
        ...doc('The filtered event log as an xlsx workbook (streamed; `X-Export-Rows`: the rows it holds)'),
        querystring: eventLogExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request, reply) => sendExport(request, reply, { name: 'eventLogSheet', columns: eventLogColumns }, eventRules),
  );
};
