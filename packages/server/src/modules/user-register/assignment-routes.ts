import {
  assignDeviceSchema,
  batchAssignDevicesSchema,
  changedCountSchema,
  deleteDevicesSchema,
  deviceIdSchema,
  deviceQuerySchema,
  ownDevicesQuerySchema,
  registerDeviceToUserSchema,
  relationDevicePageSchema,
  userDevicesQuerySchema,
  userIdSchema,
} from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import type { Guard } from '../auth/guard.js';
import { callerOf, routeGuards } from './guards.js';
import type { UserRegisterService } from './service.js';

const doc = signedInDocs('user_register');

/** Assignments (manager-device) and their recall by the service override, and binding (add-device, delete-device). */
export const assignmentRoutes: FastifyPluginAsyncZod<{ service: UserRegisterService; guard: Guard }> = async (app, { service, guard }) => {
  const { signedIn, screen, recallers } = routeGuards(guard);

  app.get(
    '/user_register/get_assigned_devices',
    {
      preHandler: screen('manager-device'),
      schema: {
        ...doc('Boxes the caller assigned to a sub-manager (root and CK-wide service staff: every assignment to that user)'),
        querystring: userDevicesQuerySchema,
        response: answers(relationDevicePageSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, await service.assignedDevices(callerOf(request), request.query.user_id, request.query)),
  );

  app.get(
    '/user_register/get_unassigned_devices',
    {
      preHandler: screen('manager-device'),
      schema: {
        ...doc('Boxes the caller owns (it may assign them)'),
        querystring: ownDevicesQuerySchema,
        response: answers(relationDevicePageSchema, 400, 401, 403),
      },
    },
    async (request) => ok(request, await service.unassignedDevices(callerOf(request), request.query)),
  );

  app.post(
    '/user_register/assign_device',
    {
      preHandler: screen('manager-device'),
      schema: {
        ...doc('Assigns a box to a sub-manager: ownership moves down, the assigner cannot recall it'),
        body: assignDeviceSchema,
        response: answers(changedCountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { changed: await service.assign(callerOf(request), [request.body.device_id], request.body.user_id) }),
  );

  app.post(
    '/user_register/batch_assign_devices',
    {
      preHandler: screen('manager-device'),
      schema: {
        ...doc('Assigns boxes to a sub-manager, all or none'),
        body: batchAssignDevicesSchema,
        response: answers(changedCountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { changed: await service.assign(callerOf(request), request.body.device_ids, request.body.user_id) }),
  );

  app.get(
    '/user_register/check_recall_dev_ck',
    {
      preHandler: signedIn,
      schema: {
        ...doc('Whether the caller may recall this box’s assignment (root, afterSalesPlus of its CK)'),
        querystring: deviceQuerySchema,
        response: answers(z.object({ can_recall: z.boolean() }), 400, 401, 404),
      },
    },
    async (request) => ok(request, await service.recallCheck(callerOf(request), request.query.device_id)),
  );

  app.post(
    '/user_register/recall_assigned_device',
    {
      preHandler: recallers,
      schema: {
        ...doc('Service override: gives an assigned box back to the manager that assigned it (audited)'),
        body: deviceIdSchema,
        response: answers(changedCountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { changed: await service.recallAssigned(callerOf(request), request.body.device_id) }),
  );

  app.post(
    '/user_register/recall_all_assigned_device',
    {
      preHandler: recallers,
      schema: {
        ...doc('Service override: every box assigned to a user goes back (audited)'),
        body: userIdSchema,
        response: answers(changedCountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { changed: await service.recallAllAssigned(callerOf(request), request.body.user_id) }),
  );

  app.post(
    '/user_register/register_device_to_user',
    {
      preHandler: screen('add-device'),
      schema: {
        ...doc('add-device: binds a box to the caller by its id and CK code'),
        body: registerDeviceToUserSchema,
        response: answers(z.null(), 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await service.bind(callerOf(request), request.body.device_id, request.body.ck);
      return ok(request, null);
    },
  );

  app.post(
    '/user_register/delete_device',
    {
      preHandler: screen('delete-device'),
      schema: {
        ...doc('delete-device: the caller lets go of boxes it owns (they stay registered)'),
        body: deleteDevicesSchema,
        response: answers(changedCountSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(request, { changed: await service.unbind(callerOf(request), request.body.device_ids) }),
  );
};
