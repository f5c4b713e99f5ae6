export * from './box-protocol.js';
export * from './catalog.js';
export * from './codec.js';
export * from './device-type.js';
export * from './register.js';
