import { addressRoutes } from './address-routes.js';
import { configRoutes } from './config-routes.js';
import type { BoxDeliveryRoutes } from './guards.js';
import { softwareRoutes } from './software-routes.js';
import { usageRoutes } from './usage-routes.js';

/** What is sent to and counted from boxes (smartbox screens, root only): one file per screen. */
export const boxDeliveryRoutes: BoxDeliveryRoutes = async (app, { service, guard }) => {
  for (const routes of [addressRoutes, softwareRoutes, configRoutes, usageRoutes]) await app.register(routes, { service, guard });
};
