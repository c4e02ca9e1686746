/**
 * The part of the contract with no schema library in it: what the app needs
 * on its first screen (languages, signing, money, reasons, call paths).
 */
export * from './languages.js';
export * from './reasons.js';
export * from './success.js';
export * from './envelope.js';
export * from './money.js';
export * from './currency-format.js';
export * from './md5.js';
export * from './signing.js';
export * from './calls/refs.js';
export { APP_VERSION } from './app-version.js';
export * from './money-rules.js';
export * from './content-rules.js';
export * from './operator-roles.js';
export * from './operator-exports.js';
export * from './local-days.js';
export * from './user-messages.js';
export * from './protection-rules.js';
