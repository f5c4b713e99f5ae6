import {
  ckUserSchema,
  deviceQuerySchema,
  deviceUserSchema,
  relationDevicePageSchema,
  serviceSwitchUsersSchema,
  shareAllDevicesSchema,
  shareDeviceSchema,
  userDevicesQuerySchema,
  userIdSchema,
} from '@cloudbox/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { answers, signedInDocs } from '../../http/route-docs.js';
import { callerOf, doc, changeOptions, routeGuards, type UserRegisterRoutes } from './guards.js';

const grantDoc = signedInDocs('device_user_permission');

/** Shares (/user_register, helper-device) and switch grants (/device_user_permission), and how each user of a CK sees a box. */
export const sharingRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
  const { signedIn, screen } = routeGuards(guard);

  // helper-device's two lists of a user's boxes: what the caller shared with it, and what it may share yet.
  const sharePages = [
    { path: '/user_register/get_shared_devices', summary: 'Boxes the caller shared with a user', list: service.sharedDevices },
    { path: '/user_register/get_unshared_devices', summary: 'Boxes the caller may share that a user does not have yet', list: service.unsharedDevices },
  ];
  for (const { path, summary, list } of sharePages) {
    app.get(
      path,
      {
        preHandler: screen('helper-device'),
        schema: { ...doc(summary), querystring: userDevicesQuerySchema, response: answers(relationDevicePageSchema, 400, 401, 403, 404) },
      },
      async (request) => ok(request, await list(callerOf(request), request.query.user_id, request.query)),
    );
  }

  app.post(
    '/user_register/share_device',
    changeOptions(
      screen('helper-device'),
      doc('Shares a box read-only or with parameter writes (a box another user shared with this user stays theirs: 409)'),
      shareDeviceSchema,
      [403, 404, 409],
    ),
    async (request) => {
      const { device_id, user_id, permission } = request.body;
      return ok(request, { changed: await service.shareDevice(callerOf(request), device_id, user_id, permission) });
    },
  );

  app.post(
    '/user_register/share_all_device',
    changeOptions(
      screen('helper-device'),
      doc('Shares every box the caller owns (but those another user already shared with this user)'),
      shareAllDevicesSchema,
      [403, 404],
    ),
    async (request) => ok(request, { changed: await service.shareAll(callerOf(request), request.body.user_id, request.body.permission) }),
  );

  app.post(
    '/user_register/recall_shared_device',
    changeOptions(screen('helper-device'), doc('Recalls a share the caller made'), deviceUserSchema, [403, 404]),
    async (request) => ok(request, { changed: await service.recallShare(callerOf(request), request.body.device_id, request.body.user_id) }),
  );

  app.post(
    '/user_register/recall_all_shared_device',
    changeOptions(screen('helper-device'), doc('Recalls every share the caller made to a user'), userIdSchema, [403, 404]),
    async (request) => ok(request, { changed: await service.recallAllShares(callerOf(request), request.body.user_id) }),
  );

  app.get(
    '/user_register/get_dev_ck_users',
    {
      preHandler: signedIn,
      schema: {
        ...doc(
          'Users of the box’s CK (but the caller), each with how it sees the box (`via`, as the devices policy decides: owner, superior, share, staff; null: not at all) and whether it holds the box’s switch on/off authorisation (`switch_authorized`); only a superior, a sharee or the box’s sales channel can be authorised, and service staff by the box’s top owner (get_service_switch_users)',
        ),
        querystring: deviceQuerySchema,
        response: answers(z.array(ckUserSchema), 400, 401, 404),
      },
    },
    async (request) => ok(request, await service.ckUsers(callerOf(request), request.query.device_id)),
  );

  app.get(
    '/device_user_permission/get_service_switch_users',
    {
      preHandler: signedIn,
      schema: {
        ...grantDoc(
          'The service staff of the box’s CK (qualityController, afterSales, afterSalesPlus), each with its switch on/off grant of the box and who gave it; the box’s top owner, and whether the caller may authorise them (it is the top owner and may switch the box itself)',
        ),
        querystring: deviceQuerySchema,
        response: answers(serviceSwitchUsersSchema, 400, 401, 404),
      },
    },
    async (request) => ok(request, await service.serviceSwitchUsers(callerOf(request), request.query.device_id)),
  );

  app.post(
    '/device_user_permission/add_device_user_permission',
    changeOptions(
      signedIn,
      grantDoc('Grants a user switch on/off of a box (service staff: only by the box’s top owner, while it may switch the box: 403 otherwise)'),
      deviceUserSchema,
      [403, 404],
    ),
    async (request) => ok(request, { changed: await service.grantSwitch(callerOf(request), request.body.user_id, request.body.device_id) }),
  );

  app.post(
    '/device_user_permission/del_device_user_permission',
    changeOptions(signedIn, grantDoc('Revokes a user’s switch on/off of a box'), deviceUserSchema, [404]),
    async (request) => ok(request, { changed: await service.revokeSwitch(callerOf(request), request.body.user_id, request.body.device_id) }),
  );

  app.post(
    '/device_user_permission/add_all_device_user_permission',
    changeOptions(
      signedIn,
      grantDoc('Grants a user switch on/off of every box the caller owns or shared with it (service staff: every box of which the caller is the top owner)'),
      userIdSchema,
      [404],
    ),
    async (request) => ok(request, { changed: await service.grantSwitch(callerOf(request), request.body.user_id, null) }),
  );

  app.post(
    '/device_user_permission/del_all_device_user_permission',
    changeOptions(signedIn, grantDoc('Revokes every switch grant the caller gave a user'), userIdSchema, [404]),
    async (request) => ok(request, { changed: await service.revokeSwitch(callerOf(request), request.body.user_id, null) }),
  );
};
