import {
  addHelperSchema,
  ASSIGNMENT_RECALLERS,
  addManagerSchema,
  assignDeviceSchema,
  batchAssignDevicesSchema,
  changedCountSchema,
  changeHelperModelSchema,
  changeHelperPasswordSchema,
  changeManagerModelSchema,
  ckUserSchema,
  deleteDevicesSchema,
  deviceIdSchema,
  deviceQuerySchema,
  deviceUserSchema,
  HELPER_TYPES,
  helperIdQuerySchema,
  levelModelsQuerySchema,
  managedUserSchema,
  ownDevicesQuerySchema,
  permissionTemplateSchema,
  permissionTemplateViewSchema,
  privilegeLevelSchema,
  rowIdSchema,
  registerDeviceToUserSchema,
  relationDevicePageSchema,
  setShieldSchema,
  shareAllDevicesSchema,
  shareDeviceSchema,
  userDevicesQuerySchema,
  userIdSchema,
} from '@cloudbox/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http/envelope.js';
import { requireRoles, requireScreen, signedIn, type Guard } from '../auth/guard.js';
import type { Caller, UserRegisterService } from './service.js';

const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const SCREEN = (page: string) => `/usermanager/${page}`;
const changed = envelope(changedCountSchema);
const done = envelope(z.null());

function callerOf(request: FastifyRequest): Caller {
  return { user: signedIn(request).user, ip: request.ip };
}

/**
 * /user_register and /device_user_permission (SPEC.md section 7), paths as the spec names them:
 * HTTP shapes and guards only. Each call is guarded by the console screen it serves (the domain's
 * route table); the service holds the rules of who may change which relation.
 */
export const userRegisterRoutes: FastifyPluginAsyncZod<{ service: UserRegisterService; guard: Guard }> = async (app, { service, guard }) => {
  const signedInOnly = [guard.authenticate];
  const screen = (page: string) => [guard.authenticate, requireScreen(SCREEN(page))];
  const doc = (summary: string) => ({ tags: ['user_register'], summary, security: SIGNED_IN });

  app.get('/user_register/get_level_models', { preHandler: signedInOnly, schema: { ...doc('Permission templates (models) of the caller’s CK, optionally of one level'), querystring: levelModelsQuerySchema, response: { 200: envelope(z.array(permissionTemplateViewSchema)), ...errorResponses(400, 401) } } }, async (request) =>
    ok(request, await service.levelModels(callerOf(request), request.query.level)),
  );
  app.get('/user_register/get_privilege_level', { preHandler: signedInOnly, schema: { ...doc('The caller’s level, whether it may add a sub-manager, and whether it shields'), response: { 200: envelope(privilegeLevelSchema), ...errorResponses(401) } } }, async (request) =>
    ok(request, service.privilegeLevel(callerOf(request))),
  );
  app.get('/user_register/check_is_admin', { preHandler: signedInOnly, schema: { ...doc('Whether the caller is root or limited_admin'), response: { 200: envelope(z.object({ is_admin: z.boolean() })), ...errorResponses(401) } } }, async (request) =>
    ok(request, service.isAdmin(callerOf(request))),
  );
  app.get('/user_register/check_is_manager_or_user', { preHandler: signedInOnly, schema: { ...doc('Whether the caller is a manager or an end user'), response: { 200: envelope(z.object({ is_manager: z.boolean(), is_end_user: z.boolean() })), ...errorResponses(401) } } }, async (request) =>
    ok(request, service.managerOrUser(callerOf(request))),
  );
  app.get('/user_register/get_helper_types', { preHandler: signedInOnly, schema: { ...doc('The kinds of helper'), response: { 200: envelope(z.array(z.enum(HELPER_TYPES))), ...errorResponses(401) } } }, async (request) =>
    ok(request, service.helperTypes()),
  );

  app.get('/user_register/get_helpers', { preHandler: screen('edit-helper'), schema: { ...doc('The caller’s helpers and end users (root: all; CK-wide service staff: those of its CK)'), response: { 200: envelope(z.array(managedUserSchema)), ...errorResponses(401, 403) } } }, async (request) =>
    ok(request, await service.helpers(callerOf(request))),
  );
  app.post('/user_register/add_helper', { preHandler: screen('add-helper'), schema: { ...doc('Registers a helper (or end user) working for the caller'), body: addHelperSchema, response: { 200: envelope(managedUserSchema), ...errorResponses(400, 401, 403) } } }, async (request) =>
    ok(request, await service.addHelper(callerOf(request), request.body)),
  );
  app.get('/user_register/del_helper', { preHandler: screen('edit-helper'), schema: { ...doc('Deletes one of the caller’s helpers (GET, as the spec names it)'), querystring: helperIdQuerySchema, response: { 200: done, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    await service.deleteHelper(callerOf(request), request.query.helper_id);
    return ok(request, null);
  });
  app.post('/user_register/change_helper_password', { preHandler: screen('edit-helper'), schema: { ...doc('Sets a helper’s password; its sessions end'), body: changeHelperPasswordSchema, response: { 200: done, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    await service.changeHelperPassword(callerOf(request), request.body.helper_id, request.body.password);
    return ok(request, null, 'passwordReset');
  });
  app.post('/user_register/change_helper_model', { preHandler: screen('edit-helper'), schema: { ...doc('Gives a helper a model (permission template), or none'), body: changeHelperModelSchema, response: { 200: envelope(managedUserSchema), ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, await service.changeModel(callerOf(request), 'helper', request.body.helper_id, request.body.template_id)),
  );

  app.get('/user_register/get_managers', { preHandler: screen('edit-manager'), schema: { ...doc('The caller’s direct sub-managers (root: every manager; CK-wide service staff: those of its CK)'), response: { 200: envelope(z.array(managedUserSchema)), ...errorResponses(401, 403) } } }, async (request) =>
    ok(request, await service.managers(callerOf(request))),
  );
  app.post('/user_register/add_next_manager', { preHandler: screen('add-manager'), schema: { ...doc('Registers a manager one level below the caller'), body: addManagerSchema, response: { 200: envelope(managedUserSchema), ...errorResponses(400, 401, 403) } } }, async (request) =>
    ok(request, await service.addManager(callerOf(request), request.body)),
  );
  app.post('/user_register/change_manager_model', { preHandler: screen('edit-manager'), schema: { ...doc('Gives a sub-manager a model (permission template), or none'), body: changeManagerModelSchema, response: { 200: envelope(managedUserSchema), ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, await service.changeModel(callerOf(request), 'manager', request.body.manager_id, request.body.template_id)),
  );
  app.post('/user_register/set_shield', { preHandler: signedInOnly, schema: { ...doc('Hides (or shows again) the caller’s part of the hierarchy from its superiors'), body: setShieldSchema, response: { 200: envelope(privilegeLevelSchema), ...errorResponses(400, 401) } } }, async (request) =>
    ok(request, await service.setShield(callerOf(request), request.body.shield)),
  );

  app.get('/user_register/get_shared_devices', { preHandler: screen('helper-device'), schema: { ...doc('Boxes the caller shared with a user'), querystring: userDevicesQuerySchema, response: { 200: envelope(relationDevicePageSchema), ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, await service.sharedDevices(callerOf(request), request.query.user_id, request.query)),
  );
  app.get('/user_register/get_unshared_devices', { preHandler: screen('helper-device'), schema: { ...doc('Boxes the caller may share that a user does not have yet'), querystring: userDevicesQuerySchema, response: { 200: envelope(relationDevicePageSchema), ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, await service.unsharedDevices(callerOf(request), request.query.user_id, request.query)),
  );
  app.post('/user_register/share_device', { preHandler: screen('helper-device'), schema: { ...doc('Shares a box read-only or with parameter writes (a box another user shared with this user stays theirs: 409)'), body: shareDeviceSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) =>
    ok(request, { changed: await service.shareDevice(callerOf(request), request.body.device_id, request.body.user_id, request.body.permission) }),
  );
  app.post('/user_register/share_all_device', { preHandler: screen('helper-device'), schema: { ...doc('Shares every box the caller owns (but those another user already shared with this user)'), body: shareAllDevicesSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.shareAll(callerOf(request), request.body.user_id, request.body.permission) }),
  );
  app.post('/user_register/recall_shared_device', { preHandler: screen('helper-device'), schema: { ...doc('Recalls a share the caller made'), body: deviceUserSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.recallShare(callerOf(request), request.body.device_id, request.body.user_id) }),
  );
  app.post('/user_register/recall_all_shared_device', { preHandler: screen('helper-device'), schema: { ...doc('Recalls every share the caller made to a user'), body: userIdSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.recallAllShares(callerOf(request), request.body.user_id) }),
  );

  app.get('/user_register/get_assigned_devices', { preHandler: screen('manager-device'), schema: { ...doc('Boxes the caller assigned to a sub-manager (root and CK-wide service staff: every assignment to that user)'), querystring: userDevicesQuerySchema, response: { 200: envelope(relationDevicePageSchema), ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, await service.assignedDevices(callerOf(request), request.query.user_id, request.query)),
  );
  app.get('/user_register/get_unassigned_devices', { preHandler: screen('manager-device'), schema: { ...doc('Boxes the caller owns (it may assign them)'), querystring: ownDevicesQuerySchema, response: { 200: envelope(relationDevicePageSchema), ...errorResponses(400, 401, 403) } } }, async (request) =>
    ok(request, await service.unassignedDevices(callerOf(request), request.query)),
  );
  app.post('/user_register/assign_device', { preHandler: screen('manager-device'), schema: { ...doc('Assigns a box to a sub-manager: ownership moves down, the assigner cannot recall it'), body: assignDeviceSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.assign(callerOf(request), [request.body.device_id], request.body.user_id) }),
  );
  app.post('/user_register/batch_assign_devices', { preHandler: screen('manager-device'), schema: { ...doc('Assigns boxes to a sub-manager, all or none'), body: batchAssignDevicesSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.assign(callerOf(request), request.body.device_ids, request.body.user_id) }),
  );
  const recallers = [guard.authenticate, requireRoles(...ASSIGNMENT_RECALLERS)];
  app.get('/user_register/check_recall_dev_ck', { preHandler: signedInOnly, schema: { ...doc('Whether the caller may recall this box’s assignment (root, afterSalesPlus of its CK)'), querystring: deviceQuerySchema, response: { 200: envelope(z.object({ can_recall: z.boolean() })), ...errorResponses(400, 401, 404) } } }, async (request) =>
    ok(request, await service.recallCheck(callerOf(request), request.query.device_id)),
  );
  app.post('/user_register/recall_assigned_device', { preHandler: recallers, schema: { ...doc('Service override: gives an assigned box back to the manager that assigned it (audited)'), body: deviceIdSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.recallAssigned(callerOf(request), request.body.device_id) }),
  );
  app.post('/user_register/recall_all_assigned_device', { preHandler: recallers, schema: { ...doc('Service override: every box assigned to a user goes back (audited)'), body: userIdSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.recallAllAssigned(callerOf(request), request.body.user_id) }),
  );

  app.get('/user_register/get_dev_ck_users', { preHandler: signedInOnly, schema: { ...doc('Users of the box’s CK (but the caller), each with how it sees the box (`via`, as the devices policy decides: owner, superior, share, staff; null: not at all) and whether it holds the box’s switch on/off authorisation (`switch_authorized`); only a superior or a sharee can be authorised'), querystring: deviceQuerySchema, response: { 200: envelope(z.array(ckUserSchema)), ...errorResponses(400, 401, 404) } } }, async (request) =>
    ok(request, await service.ckUsers(callerOf(request), request.query.device_id)),
  );
  app.post('/user_register/register_device_to_user', { preHandler: screen('add-device'), schema: { ...doc('add-device: binds a box to the caller by its id and CK code'), body: registerDeviceToUserSchema, response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    await service.bind(callerOf(request), request.body.device_id, request.body.ck);
    return ok(request, null);
  });
  app.post('/user_register/delete_device', { preHandler: screen('delete-device'), schema: { ...doc('delete-device: the caller lets go of boxes it owns (they stay registered)'), body: deleteDevicesSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.unbind(callerOf(request), request.body.device_ids) }),
  );

  const grantDoc = (summary: string) => ({ tags: ['device_user_permission'], summary, security: SIGNED_IN });
  app.post('/device_user_permission/add_device_user_permission', { preHandler: signedInOnly, schema: { ...grantDoc('Grants a user switch on/off of a box'), body: deviceUserSchema, response: { 200: changed, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    ok(request, { changed: await service.grantSwitch(callerOf(request), request.body.user_id, request.body.device_id) }),
  );
  app.post('/device_user_permission/del_device_user_permission', { preHandler: signedInOnly, schema: { ...grantDoc('Revokes a user’s switch on/off of a box'), body: deviceUserSchema, response: { 200: changed, ...errorResponses(400, 401, 404) } } }, async (request) =>
    ok(request, { changed: await service.revokeSwitch(callerOf(request), request.body.user_id, request.body.device_id) }),
  );
  app.post('/device_user_permission/add_all_device_user_permission', { preHandler: signedInOnly, schema: { ...grantDoc('Grants a user switch on/off of every box the caller owns or shared with it'), body: userIdSchema, response: { 200: changed, ...errorResponses(400, 401, 404) } } }, async (request) =>
    ok(request, { changed: await service.grantSwitch(callerOf(request), request.body.user_id, null) }),
  );
  app.post('/device_user_permission/del_all_device_user_permission', { preHandler: signedInOnly, schema: { ...grantDoc('Revokes every switch grant the caller gave a user'), body: userIdSchema, response: { 200: changed, ...errorResponses(400, 401, 404) } } }, async (request) =>
    ok(request, { changed: await service.revokeSwitch(callerOf(request), request.body.user_id, null) }),
  );

  const templateAdmins = [guard.authenticate, requireRoles('root', 'limited_admin')];
  const templateParams = z.object({ id: rowIdSchema });
  const templateDoc = (summary: string) => ({ tags: ['permission-templates'], summary, security: SIGNED_IN });
  app.get('/permission-templates', { preHandler: templateAdmins, schema: { ...templateDoc('Permission templates of the caller’s CK (root: all)'), response: { 200: envelope(z.array(permissionTemplateViewSchema)), ...errorResponses(401, 403) } } }, async (request) =>
    ok(request, await service.levelModels(callerOf(request), undefined)),
  );
  app.post('/permission-templates', { preHandler: templateAdmins, schema: { ...templateDoc('Creates a permission template'), body: permissionTemplateSchema, response: { 200: envelope(permissionTemplateViewSchema), ...errorResponses(400, 401, 403, 409) } } }, async (request) =>
    ok(request, await service.createTemplate(callerOf(request), request.body)),
  );
  app.put('/permission-templates/:id', { preHandler: templateAdmins, schema: { ...templateDoc('Replaces a permission template; its holders’ rights change at once'), params: templateParams, body: permissionTemplateSchema, response: { 200: envelope(permissionTemplateViewSchema), ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) =>
    ok(request, await service.updateTemplate(callerOf(request), request.params.id, request.body)),
  );
  app.delete('/permission-templates/:id', { preHandler: templateAdmins, schema: { ...templateDoc('Deletes a permission template; its holders keep no model'), params: templateParams, response: { 200: done, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    await service.deleteTemplate(callerOf(request), request.params.id);
    return ok(request, null);
  });
};
