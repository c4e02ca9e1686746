import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef } from '@wallet/contract/core';
import { callApi } from '../../api/client';
import { showCallError, type ErrorShowingForm, type ShowCallErrorOptions } from './call-error';

export interface FormCallOptions extends ShowCallErrorOptions {
  /** Runs when the call fails, before its messages are shown, so that clearing a field (a spent captcha) does not wipe them. */
  onFailure?: () => void;
}

/** Makes a form's call and shows a failure on the form: under its fields, else as a toast. The failure is passed on. */
export async function callForForm<C extends CallDefinition>(
  form: ErrorShowingForm,
  call: CallRef<C>,
  body: CallBody<C>,
  options: FormCallOptions = {},
): Promise<CallResult<C>> {
  try {
    return await callApi(call, body, { quiet: true });
  } catch (error) {
    options.onFailure?.();
    showCallError(form, error, options);
    throw error;
  }
}
