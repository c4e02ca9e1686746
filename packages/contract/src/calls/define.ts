import type { z } from 'zod';
import type { SuccessKey } from '../success.js';

/**
 * Who may make a call: anyone with a valid signature, only a signed-in user,
 * or an operator (console calls under /admin/api, bearer token, no signature).
 */
export type CallAccess = 'public' | 'user' | 'operator';

export type CallPath = `/api/${string}` | `/admin/api/${string}`;

export interface CallDefinition<Body extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  path: CallPath;
  access: CallAccess;
  /** Public calls only: a valid token personalises the answer (unread marks); a missing or dead one reads as signed out. */
  sessionOptional?: boolean;
  summary: string;
  /** The `mess` of a successful answer; OK when not given. */
  success?: SuccessKey;
  /** Multipart uploads: the signed fields arrive as form fields beside one file. */
  multipart?: boolean;
  /** Answers a file instead of the envelope (refusals stay envelopes): the handler gives its name and its text in pieces. */
  download?: 'csv';
  body: Body;
  result: Result;
}

/** Keeps the path as a literal type, so a CallRef with another path does not compile. */
export function defineCall<const Path extends CallPath, Body extends z.ZodType, Result extends z.ZodType>(
  call: CallDefinition<Body, Result> & { path: Path },
): CallDefinition<Body, Result> & { path: Path } {
  return call;
}

export type CallBody<C extends CallDefinition> = z.input<C['body']>;
export type CallResult<C extends CallDefinition> = z.output<C['result']>;
/** The body as the server reads it, once validated and transformed (money as cents, defaults filled in). */
export type CallInput<C extends CallDefinition> = z.output<C['body']>;
