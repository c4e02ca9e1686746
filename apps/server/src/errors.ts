import { statusOf, type ErrorData, type FieldProblem, type Reason } from '@wallet/contract';

/** A failure the client should hear about: one stable reason, its status, and details. */
export class AppError extends Error {
  constructor(
    readonly reason: Reason,
    readonly details: {
      fields?: FieldProblem[];
      retryAfterSeconds?: number;
      captchaRequired?: boolean;
      attemptsLeft?: number;
      /** The field's own message is the answer's `mess`: for a field with no place in a form (a picked file), where only `mess` is shown. */
      fieldIsMess?: boolean;
      /** DEPOSIT_LIMIT, LOSS_LIMIT and SELF_EXCLUDED: what the client shows beside the message. */
      protection?: Pick<ErrorData, 'limit' | 'until' | 'permanent'>;
    } = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }

  static field(field: string, key: FieldProblem['key'], params: FieldProblem['params'] = {}): AppError {
    return new AppError('VALIDATION', { fields: [{ field, key, params }] });
  }

  get status(): number {
    return statusOf(this.reason);
  }
}
