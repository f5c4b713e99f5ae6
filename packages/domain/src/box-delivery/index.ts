export * from './deliveries.js';
export * from './software.js';
export * from './configs.js';
export * from './usage.js';
