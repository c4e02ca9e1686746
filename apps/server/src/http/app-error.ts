import { statusOf, type FieldProblem, type Reason } from '@wallet/contract';

/** A failure the client should hear about: one stable reason, its status, and details. */
export class AppError extends Error {
  constructor(
    readonly reason: Reason,
    readonly details: { fields?: FieldProblem[]; retryAfterSeconds?: number } = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }

  get status(): number {
    return statusOf(this.reason);
  }
}
