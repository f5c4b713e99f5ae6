export { createFleet, type Fleet, type FleetStats } from './fleet.js';
export { boxListSchema, type BoxOptions, type FleetLogger, type FleetOptions } from './options.js';
