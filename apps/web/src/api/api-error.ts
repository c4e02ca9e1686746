import type { Reason } from '@wallet/contract/core';

/** Reasons only the client produces, for failures that never reached the server or were stopped before sending. */
export type ClientReason = 'TIMEOUT' | 'NETWORK' | 'BAD_RESPONSE' | 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's reason (the contract's list), or one of the client's own. */
    readonly reason: Reason | ClientReason,
    /** Text to show: the server's localised `mess`, or the app's own for client reasons. */
    readonly mess: string,
    readonly fields: Record<string, string> = {},
    /** The whole error `data` of the envelope, for the extras some reasons carry (retryAfterSeconds, captchaRequired). */
    readonly data: Readonly<Record<string, unknown>> = {},
    options?: ErrorOptions,
  ) {
    super(`${status} ${reason}`, options);
    this.name = 'ApiError';
  }

  get retryAfterSeconds(): number | undefined {
    const value = this.data['retryAfterSeconds'];
    return typeof value === 'number' && value > 0 ? value : undefined;
  }
}
