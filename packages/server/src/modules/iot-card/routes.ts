import {
  addRechargeRequestSchema,
  deleteRechargeRequestSchema,
  EXPIRED_SIMS_SHEET,
  expiredDownloadSchema,
  expiredListQuerySchema,
  expiredMonthCountsSchema,
  expiredPageSchema,
  handleRechargeRequestSchema,
  rechargeRequestItemSchema,
  rechargeRequestPageSchema,
  rechargeRequestQuerySchema,
  rechargeTipsCompanySchema,
  rechargeTipsInputSchema,
  rechargeTipsSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okIotCard } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookAnswers } from '../devices/routes.js';
import type { ColumnsFor } from '../devices/xlsx.js';
import { expiredColumns } from './expired.js';
import type { IotCardService } from './service.js';

/** The console screens whose route meta guards the calls (SPEC.md section 6). */
export const EXPIRED_LIST_SCREEN = '/iccid/expired-device-list';
export const RECHARGE_TIPS_SCREEN = '/iccid/recharge-tips';
export const RECHARGE_FEEDBACK_SCREEN = '/iccid/recharge-feedback';

const doc = signedInDocs('iot_card');
const actorOf = (request: Parameters<typeof signedIn>[0]) => ({ user: signedIn(request).user, ip: request.ip });

/**
 * /iot_card (SPEC.md section 7): the expired-device list and its counts and download (every role
 * but market), the companies' renewal tips (manufacturer, root), the renewal requests (asked by
 * any role but market; listed, handled and deleted by showFeedback and root). Every call answers
 * code 1000 on success (DESIGN.md section 8); errors keep the usual codes and HTTP statuses.
 */
export const iotCardRoutes: FastifyPluginAsyncZod<{ iotCard: IotCardService; guard: Guard; columnsFor: ColumnsFor }> = async (
  app,
  { iotCard, guard, columnsFor },
) => {
  const expired = [guard.authenticate, requireScreen(EXPIRED_LIST_SCREEN)];
  const tipsEditors = [guard.authenticate, requireScreen(RECHARGE_TIPS_SCREEN)];
  await app.register(renewalRequestRoutes, { iotCard, guard });

  app.get(
    '/iot_card/get_expired_list',
    {
      preHandler: expired,
      schema: {
        ...doc(
          "The caller's boxes whose SIM expired last month, expires this month or next month (`month`, the month of the box's company time zone), searched by box id, ICCID, owner unit or remark; with the company's renewal tip in the caller's language",
        ),
        querystring: expiredListQuerySchema,
        response: answers(expiredPageSchema, 400, 401, 403),
      },
    },
    async (request) => okIotCard(request, await iotCard.expiredList(signedIn(request).user, request.language, request.query)),
  );

  app.get(
    '/iot_card/get_expired_month_num',
    { preHandler: expired, schema: { ...doc("The caller's boxes per expiry group"), response: answers(expiredMonthCountsSchema, 401, 403) } },
    async (request) => okIotCard(request, await iotCard.monthCounts(signedIn(request).user)),
  );

  app.post(
    '/iot_card/download_expired_info',
    {
      preHandler: expired,
      schema: {
        ...doc("The expired-device list as xlsx (the company's export columns): the group and search, or only the chosen `box_ids` among them"),
        body: expiredDownloadSchema,
        response: workbookAnswers,
      },
    },
    (request, reply) =>
      sendExport(
        request,
        reply,
        { name: EXPIRED_SIMS_SHEET, columns: expiredColumns, choice: { columnsFor, kind: 'expired_sims' } },
        {
          exportDate: iotCard.exportDate,
          exportRows: (user, language) => iotCard.exportRows(user, language, request.body),
        },
      ),
  );

  app.get(
    '/iot_card/get_ck_recharge_tips',
    {
      preHandler: tipsEditors,
      schema: {
        ...doc("A company's renewal tip per language and its phone (`ck`: root names the company; a manufacturer's is its own)"),
        querystring: rechargeTipsCompanySchema,
        response: answers(rechargeTipsSchema, 400, 401, 403),
      },
    },
    async (request) => okIotCard(request, await iotCard.tips.get(signedIn(request).user, request.query.ck)),
  );

  app.post(
    '/iot_card/update_ck_recharge_tips',
    {
      preHandler: tipsEditors,
      schema: {
        ...doc("Sets a company's renewal tip (zh, en, es, ja; an empty language falls back to zh, then the default) and phone"),
        body: rechargeTipsInputSchema,
        response: answers(rechargeTipsSchema, 400, 401, 403),
      },
    },
    async (request) => okIotCard(request, await iotCard.tips.update(actorOf(request), request.body), 'renewalTipsSaved'),
  );

  app.post(
    '/iot_card/del_ck_recharge_tips',
    {
      preHandler: tipsEditors,
      schema: {
        ...doc("Deletes a company's renewal tip: the list shows the default text again"),
        body: rechargeTipsCompanySchema,
        response: answers(rechargeTipsSchema, 400, 401, 403),
      },
    },
    async (request) => okIotCard(request, await iotCard.tips.remove(actorOf(request), request.body.ck), 'renewalTipsDeleted'),
  );
};

/** The renewal requests: asked from the expired-device list, worked on the feedback screen. */
const renewalRequestRoutes: FastifyPluginAsyncZod<{ iotCard: IotCardService; guard: Guard }> = async (app, { iotCard, guard }) => {
  const expired = [guard.authenticate, requireScreen(EXPIRED_LIST_SCREEN)];
  const feedback = [guard.authenticate, requireScreen(RECHARGE_FEEDBACK_SCREEN)];

  app.post(
    '/iot_card/add_recharge_request',
    {
      preHandler: expired,
      schema: {
        ...doc('Requests the SIM renewal of boxes the caller sees (1 to 1000, none with an open request), with a note'),
        body: addRechargeRequestSchema,
        response: answers(rechargeRequestItemSchema, 400, 401, 403, 409),
      },
    },
    async (request) => {
      const created = await iotCard.requests.add(actorOf(request), request.body);
      return okIotCard(request, created, 'renewalRequested', { count: created.box_ids.length });
    },
  );

  app.get(
    '/iot_card/get_feedback_num',
    {
      preHandler: feedback,
      schema: { ...doc("How many renewal requests are open (root: all; a showFeedback user: its company's)"), response: answers(z.number().int(), 401, 403) },
    },
    async (request) => okIotCard(request, await iotCard.requests.openCount(signedIn(request).user)),
  );

  app.get(
    '/iot_card/get_recharge_request',
    {
      preHandler: feedback,
      schema: {
        ...doc("The renewal requests (root: all; a showFeedback user: its company's), newest first, by state"),
        querystring: rechargeRequestQuerySchema,
        response: answers(rechargeRequestPageSchema, 400, 401, 403),
      },
    },
    async (request) => okIotCard(request, await iotCard.requests.list(signedIn(request).user, request.query)),
  );

  app.post(
    '/iot_card/handle_recharge_request',
    {
      preHandler: feedback,
      schema: {
        ...doc('Marks a renewal request handled and writes the new expiry date to its boxes, in one transaction'),
        body: handleRechargeRequestSchema,
        response: answers(rechargeRequestItemSchema, 400, 401, 403, 404, 409),
      },
    },
    async (request) => okIotCard(request, await iotCard.requests.handle(actorOf(request), request.body), 'renewalHandled'),
  );

  app.post(
    '/iot_card/delete_recharge_request',
    {
      preHandler: feedback,
      schema: {
        ...doc('Deletes renewal requests, all or none'),
        body: deleteRechargeRequestSchema,
        response: answers(z.object({ deleted: z.number().int() }), 400, 401, 403, 404),
      },
    },
    async (request) => {
      const deleted = await iotCard.requests.remove(actorOf(request), request.body.ids);
      return okIotCard(request, { deleted }, 'renewalRequestsDeleted', { count: deleted });
    },
  );
};
