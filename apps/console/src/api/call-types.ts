import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef } from '@wallet/contract/core';

/** The definition behind a call of OPERATOR_CALLS. */
export type DefinitionOf<R> = R extends CallRef<infer C extends CallDefinition> ? C : never;

/** What a call of OPERATOR_CALLS takes. */
export type BodyOf<R> = R extends CallRef<infer C extends CallDefinition> ? CallBody<C> : never;

/** What a call of OPERATOR_CALLS answers. */
export type ResultOf<R> = R extends CallRef<infer C extends CallDefinition> ? CallResult<C> : never;

/** One item of a paged list call's answer. */
export type ItemOf<R> = ResultOf<R> extends { items: (infer Item)[] } ? Item : never;
