import * as publicInfo from './public-info.js';
import type { CallDefinition } from './define.js';

export * from './define.js';
export * from './public-info.js';
export * from './refs.js';

/** Every call the server serves; the OpenAPI document is generated from this list. */
export const ALL_CALLS: readonly CallDefinition[] = [...Object.values(publicInfo)];
export * from './signed-in-paths.js';
