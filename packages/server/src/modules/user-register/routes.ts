import type { UserRegisterRoutes } from './guards.js';
import { assignmentRoutes } from './assignment-routes.js';
import { callerRoutes } from './caller-routes.js';
import { hierarchyRoutes } from './hierarchy-routes.js';
import { sharingRoutes } from './sharing-routes.js';
import { templateRoutes } from './template-routes.js';

/**
 * /user_register and /device_user_permission (SPEC.md section 7), paths as the spec names them,
 * and /permission-templates: HTTP shapes and guards only, one file per concern. The service holds
 * the rules of who may change which relation (with `access/`).
 */
export const userRegisterRoutes: UserRegisterRoutes = async (app, { service, guard }) => {
  for (const routes of [callerRoutes, hierarchyRoutes, sharingRoutes, assignmentRoutes, templateRoutes]) await app.register(routes, { service, guard });
};
