import {
  assignDeviceSchema,
  batchAssignDevicesSchema,
  deleteDevicesSchema,
  deviceIdSchema,
  deviceQuerySchema,
  ownDevicesQuerySchema,
  registerDeviceToUserSchema,
  relationDevicePageSchema,
  userDevicesQuerySchema,
  userIdSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/route-docs.js';
import { callerOf, doc, changeOptions, routeGuards, type UserRegisterRoutes } from './guards.js';

/** Assignments (manager-device) and their recall by the service override, and binding (add-device, delete-device). */
export const assignmentRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
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

  // One box or several, all or none: ownership moves down, and the assigner cannot recall them.
  const assignments = [
    {
      path: '/user_register/assign_device',
      summary: 'Assigns a box to a sub-manager: ownership moves down, the assigner cannot recall it',
      body: assignDeviceSchema.transform((body) => ({ boxIds: [body.device_id], userId: body.user_id })),
    },
    {
      path: '/user_register/batch_assign_devices',
      summary: 'Assigns boxes to a sub-manager, all or none',
      body: batchAssignDevicesSchema.transform((body) => ({ boxIds: body.device_ids, userId: body.user_id })),
    },
  ];
  for (const { path, summary, body } of assignments) {
    app.post(path, changeOptions(screen('manager-device'), doc(summary), body, [403, 404]), async (request) =>
      ok(request, { changed: await service.assign(callerOf(request), request.body.boxIds, request.body.userId) }),
    );
  }

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
    changeOptions(recallers, doc('Service override: gives an assigned box back to the manager that assigned it (audited)'), deviceIdSchema, [403, 404]),
    async (request) => ok(request, { changed: await service.recallAssigned(callerOf(request), request.body.device_id) }),
  );

  app.post(
    '/user_register/recall_all_assigned_device',
    changeOptions(recallers, doc('Service override: every box assigned to a user goes back (audited)'), userIdSchema, [403, 404]),
    async (request) => ok(request, { changed: await service.recallAllAssigned(callerOf(request), request.body.user_id) }),
  );

  app.post(
    '/user_register/register_device_to_user',
    {
      preHandler: screen('add-device'),
      schema: {
        ...doc('add-device: binds a box to the caller by its id and CK code; `scan_mode` (camera, photo, typed) records a QR binding'),
        body: registerDeviceToUserSchema,
        response: answers(z.null(), 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await service.bind(callerOf(request), request.body.device_id, request.body.ck, request.body.scan_mode);
      return ok(request, null);
    },
  );

  app.post(
    '/user_register/delete_device',
    changeOptions(screen('delete-device'), doc('delete-device: the caller lets go of boxes it owns (they stay registered)'), deleteDevicesSchema, [403, 404]),
    async (request) => ok(request, { changed: await service.unbind(callerOf(request), request.body.device_ids) }),
  );
};
