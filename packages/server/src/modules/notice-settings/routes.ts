import {
  CHANNEL_KIND_LABELS,
  channelSchema,
  companyChannelInputSchema,
  companyChannelListSchema,
  companyChannelUpdateSchema,
  deviceTypeIdParamSchema,
  formatMessage,
  MESSAGE_TYPE_LABELS,
  NOTICE_DELIVERY_FIELD_LABELS,
  noticeDeliveryExportQuerySchema,
  noticeDeliveryPageSchema,
  noticeDeliveryQuerySchema,
  noticeSettingIdParamSchema,
  pushSettingInputSchema,
  pushSettingSchema,
  ruleRegisterChoicesSchema,
  upkeepReminderInputSchema,
  upkeepReminderSchema,
  type DeliveryState,
  type Language,
  type MessageKey,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, type SheetColumn } from '../devices/xlsx.js';
import type { Actor } from '../oplog/service.js';
import type { DeliveryExportRow } from './deliveries.js';
import type { NoticeSettingsService } from './service.js';

const doc = signedInDocs('notice-settings');

/** The screens that guard the calls (root), as the menu does. */
export const NOTIFICATION_MANAGEMENT_SCREEN = '/notice/notification-management';
export const NOTIFICATION_LOG_SCREEN = '/notice/notification-log';

const DELIVERY_STATE_LABELS = {
  queued: 'deliveryQueued',
  sending: 'deliverySending',
  sent: 'deliverySent',
  failed: 'deliveryFailed',
} as const satisfies Record<DeliveryState, MessageKey>;

/** The export's columns, those of the log screen, headed in the caller's language. */
function deliveryColumns(language: Language): SheetColumn<DeliveryExportRow>[] {
  const cells: Record<keyof typeof NOTICE_DELIVERY_FIELD_LABELS, Omit<SheetColumn<DeliveryExportRow>, 'header'>> = {
    created_at: { width: 20, format: DATE_TIME_FORMAT, value: (row) => new Date(row.created_local_ms) },
    recipient_name: { width: 20, value: (row) => row.recipient_name },
    kind: { width: 14, value: (row) => formatMessage(language, CHANNEL_KIND_LABELS[row.kind]) },
    recipient: { width: 36, value: (row) => row.recipient },
    state: { width: 10, value: (row) => formatMessage(language, DELIVERY_STATE_LABELS[row.state]) },
    attempts: { width: 8, value: (row) => row.attempts },
    last_error: { width: 40, value: (row) => row.last_error },
    sent_at: { width: 20, format: DATE_TIME_FORMAT, value: (row) => (row.sent_local_ms === null ? null : new Date(row.sent_local_ms)) },
    type: { width: 12, value: (row) => formatMessage(language, MESSAGE_TYPE_LABELS[row.event.type]) },
    box_id: { width: 14, value: (row) => row.event.box_id },
    controller_id: { width: 8, value: (row) => row.event.controller_id },
    note: { width: 40, value: (row) => row.event.note },
  };
  return (Object.keys(NOTICE_DELIVERY_FIELD_LABELS) as (keyof typeof NOTICE_DELIVERY_FIELD_LABELS)[]).map((field) => ({
    header: NOTICE_DELIVERY_FIELD_LABELS[field],
    ...cells[field],
  }));
}

/**
 * /push-settings, /company-channels, /upkeep-reminders (the notification management screen) and
 * /notice-deliveries (the notification log): root's alone.
 */
export const noticeSettingsRoutes: FastifyPluginAsyncZod<{ settings: NoticeSettingsService; guard: Guard }> = async (app, { settings, guard }) => {
  const preHandler = [guard.authenticate, requireScreen(NOTIFICATION_MANAGEMENT_SCREEN)];
  const actorOf = (request: Parameters<typeof signedIn>[0]): Actor => ({ user: signedIn(request).user, ip: request.ip });
  const params = noticeSettingIdParamSchema;
  const removed = answers(z.null(), 400, 401, 403, 404);

  app.get(
    '/push-settings',
    { preHandler, schema: { ...doc('Every push setting, by range'), response: answers(z.array(pushSettingSchema), 401, 403) } },
    async (request) => ok(request, await settings.listPushSettings()),
  );
  app.post(
    '/push-settings',
    {
      preHandler,
      schema: {
        ...doc('Adds a push setting: for the boxes of an id range, which message types go through which channel kinds (the narrowest range decides)'),
        body: pushSettingInputSchema,
        response: answers(pushSettingSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await settings.createPushSetting(actorOf(request), request.body), 'pushSettingAdded'),
  );
  app.put(
    '/push-settings/:id',
    { preHandler, schema: { ...doc('Edits a push setting'), params, body: pushSettingInputSchema, response: answers(pushSettingSchema, 400, 401, 403, 404) } },
    async (request) => ok(request, await settings.updatePushSetting(actorOf(request), request.params.id, request.body), 'pushSettingSaved'),
  );
  app.delete('/push-settings/:id', { preHandler, schema: { ...doc('Deletes a push setting'), params, response: removed } }, async (request) => {
    await settings.removePushSetting(actorOf(request), request.params.id);
    return ok(request, null, 'pushSettingDeleted');
  });

  app.get(
    '/company-channels',
    { preHandler, schema: { ...doc("Every company's channels (secrets never answered)"), response: answers(companyChannelListSchema, 401, 403) } },
    async (request) => ok(request, await settings.listCompanyChannels()),
  );
  app.post(
    '/company-channels',
    {
      preHandler,
      schema: {
        ...doc("Adds a company's channel: every event on its boxes goes through it, within the push settings"),
        body: companyChannelInputSchema,
        response: answers(channelSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await settings.createCompanyChannel(actorOf(request), request.body), 'companyChannelAdded'),
  );
  app.put(
    '/company-channels/:id',
    {
      preHandler,
      schema: {
        ...doc("Edits a company's channel; an empty secret keeps the stored one"),
        params,
        body: companyChannelUpdateSchema,
        response: answers(channelSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await settings.updateCompanyChannel(actorOf(request), request.params.id, request.body), 'companyChannelSaved'),
  );
  app.delete('/company-channels/:id', { preHandler, schema: { ...doc("Deletes a company's channel"), params, response: removed } }, async (request) => {
    await settings.removeCompanyChannel(actorOf(request), request.params.id);
    return ok(request, null, 'companyChannelDeleted');
  });

  app.get(
    '/upkeep-reminders',
    { preHandler, schema: { ...doc('Every upkeep reminder, by range'), response: answers(z.array(upkeepReminderSchema), 401, 403) } },
    async (request) => ok(request, await settings.listUpkeepReminders(request.language)),
  );
  app.get(
    '/upkeep-reminders/registers/:deviceTypeId',
    {
      preHandler,
      schema: {
        ...doc('The numeric registers of a device type that a reminder may watch'),
        params: z.object({ deviceTypeId: deviceTypeIdParamSchema }),
        response: answers(ruleRegisterChoicesSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await settings.upkeepRegisters(request.language, request.params.deviceTypeId)),
  );
  app.post(
    '/upkeep-reminders',
    {
      preHandler,
      schema: {
        ...doc("Adds an upkeep reminder: a numeric register of a type's controllers in a box id range reaching the judge value tells their readers once"),
        body: upkeepReminderInputSchema,
        response: answers(upkeepReminderSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await settings.createUpkeepReminder(actorOf(request), request.language, request.body), 'upkeepReminderAdded'),
  );
  app.put(
    '/upkeep-reminders/:id',
    {
      preHandler,
      schema: {
        ...doc('Edits an upkeep reminder; a change of what is judged starts the controllers over'),
        params,
        body: upkeepReminderInputSchema,
        response: answers(upkeepReminderSchema, 400, 401, 403, 404),
      },
    },
    async (request) =>
      ok(request, await settings.updateUpkeepReminder(actorOf(request), request.language, request.params.id, request.body), 'upkeepReminderSaved'),
  );
  app.delete('/upkeep-reminders/:id', { preHandler, schema: { ...doc('Deletes an upkeep reminder'), params, response: removed } }, async (request) => {
    await settings.removeUpkeepReminder(actorOf(request), request.params.id);
    return ok(request, null, 'upkeepReminderDeleted');
  });

  const logHandler = [guard.authenticate, requireScreen(NOTIFICATION_LOG_SCREEN)];
  app.get(
    '/notice-deliveries',
    {
      preHandler: logHandler,
      schema: {
        ...doc("Every delivery through an external channel, newest first, with its event (the note in the caller's language)"),
        querystring: noticeDeliveryQuerySchema,
        response: answers(noticeDeliveryPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await settings.deliveries(request.language, request.query)),
  );
  app.get(
    '/notice-deliveries/export',
    {
      preHandler: logHandler,
      schema: {
        ...doc('The filtered delivery log as an xlsx workbook (streamed; `X-Export-Rows`: the rows it holds)'),
        querystring: noticeDeliveryExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request, reply) => sendExport(request, reply, { name: 'deliveryLogSheet', columns: deliveryColumns }, settings),
  );
};
