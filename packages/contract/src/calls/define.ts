import type { z } from 'zod';

/** Who may make a call: anyone with a valid signature, or only a signed-in user. */
export type CallAccess = 'public' | 'user';

export interface CallDefinition<Body extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  path: `/api/${string}`;
  access: CallAccess;
  summary: string;
  body: Body;
  result: Result;
}

/** Keeps the path as a literal type, so a CallRef with another path does not compile. */
export function defineCall<const Path extends `/api/${string}`, Body extends z.ZodType, Result extends z.ZodType>(
  call: CallDefinition<Body, Result> & { path: Path },
): CallDefinition<Body, Result> & { path: Path } {
  return call;
}

export type CallBody<C extends CallDefinition> = z.input<C['body']>;
export type CallResult<C extends CallDefinition> = z.output<C['result']>;
