/** The dice game's rules, apart from the calls: options, odds, the fair draw. */
export * from './options.js';
export * from './fairness.js';
export * from './periods.js';
export * from './trend.js';
export * from './orders-root.js';
export * from './beacon.js';
