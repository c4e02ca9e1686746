import { ApiError } from '../../api/api-error';
import { showCallError, type ErrorShowingForm, type ShowCallErrorOptions } from './call-error';

export interface FormCallOptions extends ShowCallErrorOptions {
  /** Runs when the call fails, before its messages are shown, so that clearing a field (a spent captcha) does not wipe them. */
  onFailure?: (error: unknown) => void;
  /** Reasons the form shows itself, in a note with their way out (a limit reached), rather than as a toast. */
  shownOnForm?: readonly string[];
}

/** Runs a form's call (a mutation made quietly) and shows a failure on the form: under its fields, else as a toast. The failure is passed on. */
export async function withFormErrors<Result>(form: ErrorShowingForm, send: () => Promise<Result>, options: FormCallOptions = {}): Promise<Result> {
  try {
    return await send();
  } catch (error) {
    options.onFailure?.(error);
    if (!(error instanceof ApiError && options.shownOnForm?.includes(error.reason))) showCallError(form, error, options);
    throw error;
  }
}
