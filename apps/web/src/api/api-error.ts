/** Reasons only the client produces, for failures that never reached the server's envelope. */
export type ClientReason = 'TIMEOUT' | 'NETWORK' | 'BAD_RESPONSE';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    /** Text to show: the server's localised `mess`, or the app's own for client reasons. */
    readonly mess: string,
    readonly fields: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(`${status} ${reason}`, options);
    this.name = 'ApiError';
  }
}
