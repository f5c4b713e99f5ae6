import {
  abandonedBoxSchema,
  abandonedQuerySchema,
  BOX_PROPERTY_FIELD_LABELS,
  boxAddressSchema,
  boxCkMoveQuerySchema,
  boxCkMoveSchema,
  boxFormSchema,
  boxIdParamSchema,
  boxPropertiesSchema,
  boxPropertyExportQuerySchema,
  boxPropertyPageSchema,
  boxPropertyQuerySchema,
  countSchema,
  deleteAbandonedSchema,
  faultRangeSchema,
  moveBoxesSchema,
  type BoxPropertyItem,
} from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { requireScreen, signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, type SheetColumn } from '../devices/xlsx.js';
import type { BoxPropertyService, SignedInActor } from './service.js';

const doc = signedInDocs('box-properties');
const params = z.object({ boxId: boxIdParamSchema });
const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

function actorOf(request: FastifyRequest): SignedInActor {
  return { user: signedIn(request).user, ip: request.ip };
}

/** The spreadsheet of the property list: its columns, headed as the screen heads them. */
function propertyColumns(): SheetColumn<BoxPropertyItem>[] {
  const widths: Record<keyof typeof BOX_PROPERTY_FIELD_LABELS, number> = {
    id: 14,
    owner: 14,
    registered_at: 20,
    contact: 10,
    owner_unit: 28,
    ck: 8,
    province: 12,
    city: 12,
    district: 12,
    street: 20,
    phone: 14,
    model: 14,
  };
  return (Object.keys(BOX_PROPERTY_FIELD_LABELS) as (keyof typeof BOX_PROPERTY_FIELD_LABELS)[]).map((field) =>
    field === 'registered_at'
      ? { header: BOX_PROPERTY_FIELD_LABELS[field], width: widths[field], format: DATE_TIME_FORMAT, value: (row) => new Date(row.registered_at) }
      : { header: BOX_PROPERTY_FIELD_LABELS[field], width: widths[field], value: (row) => row[field] },
  );
}

/**
 * The box property screens (/smartbox device-property, box-address, box-ck, box-delete,
 * box-clear-fault-record) and the device edit form of the box page. Each list and change is guarded
 * by the screen it serves (the domain's route table); the service confines each caller to its boxes.
 */
export const boxPropertyRoutes: FastifyPluginAsyncZod<{ properties: BoxPropertyService; guard: Guard }> = async (app, { properties, guard }) => {
  const screen = (page: string) => [guard.authenticate, requireScreen(`/smartbox/${page}`)];

  app.get(
    '/box-properties',
    {
      preHandler: screen('device-property'),
      schema: {
        ...doc('The box property list: every box, filtered by keyword and CK, newest first, paged'),
        querystring: boxPropertyQuerySchema,
        response: answers(boxPropertyPageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await properties.list(request.query)),
  );

  app.get(
    '/box-properties/export',
    {
      preHandler: screen('device-property'),
      schema: {
        ...doc('The filtered box property list as an xlsx workbook (streamed; `X-Export-Rows`: the rows it holds)'),
        querystring: boxPropertyExportQuerySchema,
        response: { 200: workbookResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request, reply) => sendExport(request, reply, { name: 'boxPropertiesSheet', columns: propertyColumns }, properties),
  );

  app.get(
    '/box-properties/ck-moves',
    {
      preHandler: screen('box-ck'),
      schema: {
        ...doc('The history of boxes moved between companies, newest first, paged'),
        querystring: boxCkMoveQuerySchema,
        response: answers(pageOf(boxCkMoveSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await properties.moves(request.query)),
  );

  app.post(
    '/box-properties/ck-moves',
    {
      preHandler: screen('box-ck'),
      schema: {
        ...doc('Moves boxes to another company; their owner, assigner, shares, switch grants and sales channel end with the move'),
        body: moveBoxesSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const moved = await properties.moveCk(actorOf(request), request.body);
      return ok(request, moved, 'boxPropertiesMoved', { count: moved.count, ck: request.body.ck });
    },
  );

  app.get(
    '/box-properties/abandoned',
    {
      preHandler: screen('box-delete'),
      schema: {
        ...doc('Boxes never connected, or silent for `days` days (default 90), longest silent first, paged'),
        querystring: abandonedQuerySchema,
        response: answers(pageOf(abandonedBoxSchema), 400, 401, 403),
      },
    },
    async (request) => ok(request, await properties.abandoned(request.query)),
  );

  app.post(
    '/box-properties/abandoned/delete',
    {
      preHandler: screen('box-delete'),
      schema: {
        ...doc('Deletes the chosen boxes that are still abandoned for `days`, with their data; one delete_box entry each'),
        body: deleteAbandonedSchema,
        response: answers(countSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const deleted = await properties.deleteAbandoned(actorOf(request), request.body);
      return ok(request, deleted, 'boxPropertiesDeleted', { count: deleted.count });
    },
  );

  app.get(
    '/box-properties/:boxId',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc('The device edit form of a box the caller may see, and whether the caller may save it'),
        params,
        response: answers(boxPropertiesSchema, 400, 401, 404),
      },
    },
    async (request) => ok(request, await properties.properties(signedIn(request).user, request.params.boxId)),
  );

  app.put(
    '/box-properties/:boxId',
    {
      preHandler: guard.authenticate,
      schema: {
        ...doc('Saves the device edit form: root, the CK’s limited admin and the box’s owner; audited (edit_box)'),
        description: 'A field sent replaces the stored value, a field left out keeps it. `device_numbers` names controllers by station.',
        params,
        body: boxFormSchema,
        response: answers(boxPropertiesSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await properties.edit(actorOf(request), request.params.boxId, request.body), 'boxPropertiesSaved'),
  );

  app.put(
    '/box-properties/:boxId/address',
    {
      preHandler: screen('box-address'),
      schema: {
        ...doc('Sets the address and coordinates of a box; audited (edit_box)'),
        params,
        body: boxAddressSchema,
        response: answers(boxPropertiesSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await properties.setAddress(actorOf(request), request.params.boxId, request.body), 'boxPropertiesSaved'),
  );

  app.get(
    '/box-properties/:boxId/faults',
    {
      preHandler: screen('box-clear-fault-record'),
      schema: {
        ...doc('How many fault records of the box started in [from, to) (optionally of one station)'),
        params,
        querystring: faultRangeSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await properties.countFaults(signedIn(request).user, request.params.boxId, request.query)),
  );

  app.post(
    '/box-properties/:boxId/faults/clear',
    {
      preHandler: screen('box-clear-fault-record'),
      schema: {
        ...doc('Deletes the fault records of the box that started in [from, to) (optionally of one station); audited (clear_faults)'),
        params,
        body: faultRangeSchema,
        response: answers(countSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const cleared = await properties.clearFaults(actorOf(request), request.params.boxId, request.body);
      return ok(request, cleared, 'boxPropertiesFaultsCleared', { count: cleared.count });
    },
  );
};
