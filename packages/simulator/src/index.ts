export { createFleet, type Fleet, type FleetStats } from './fleet.js';
export { boxListSchema, type BoxOptions, type FleetLogger, type FleetOptions, type Hold } from './options.js';
export { FIRST_SIMULATED_BOX_ID, registerBoxes, type Registered, type Registration } from './registration.js';
export { parseDeviceTypes } from './device-types.js';
export { ProgramReceiver, type ProgramFaults, type ReceivedProgram } from './program.js';
