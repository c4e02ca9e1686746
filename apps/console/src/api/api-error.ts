import type { Reason } from '@wallet/contract/core';

/** Reasons only the console produces, for failures that never reached the server's envelope. */
export type ClientReason = 'NETWORK' | 'BAD_RESPONSE';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: Reason | ClientReason,
    /** The envelope's `mess`, in the operator's language. */
    readonly mess: string,
    /** With VALIDATION: field path → localised message. */
    readonly fields: Record<string, string> = {},
  ) {
    super(mess);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
