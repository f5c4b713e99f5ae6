export * from './layouts.js';
export * from './relations.js';
export * from './registers.js';
