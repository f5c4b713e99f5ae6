export * from './edit.js';
export * from './list.js';
export * from './maintenance.js';
