import {
  BOX_PROPERTY_FIELD_LABELS,
  boxAddressSchema,
  boxFormSchema,
  boxPropertiesSchema,
  boxPropertyExportQuerySchema,
  boxPropertyPageSchema,
  boxPropertyQuerySchema,
  type BoxPropertyItem,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { signedIn, type Guard } from '../auth/guard.js';
import { sendExport, workbookResponse } from '../devices/routes.js';
import { DATE_TIME_FORMAT, type SheetColumn } from '../devices/xlsx.js';
import { boxMaintenanceRoutes } from './maintenance-routes.js';
import { actorOf, doc, params, screenGuard } from './route-helpers.js';
import type { BoxPropertyService } from './service.js';

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
  const screen = screenGuard(guard);
  await app.register(boxMaintenanceRoutes, { properties, guard });

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
};
