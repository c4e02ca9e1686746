export * from './core.js';
export * from './signed-fields.js';
export * from './validation.js';
export * from './settings.js';
export * from './accounts.js';
export * from './money-schemas.js';
export * from './messages.js';
export * from './calls/index.js';
