import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef } from '@wallet/contract/core';

/** What a call (from CALLS) takes. */
export type BodyOf<R> = R extends CallRef<infer C extends CallDefinition> ? CallBody<C> : never;

/** What a call (from CALLS) answers. */
export type ResultOf<R> = R extends CallRef<infer C extends CallDefinition> ? CallResult<C> : never;
