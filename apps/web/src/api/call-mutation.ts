import type { UseMutationOptions } from '@tanstack/react-query';
import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import type { CallRef } from '@wallet/contract/core';
import { callApi, type CallOptions } from './client';

/** For calls whose failure the page shows itself, e.g. under a form's fields. */
export const QUIET: CallOptions = { quiet: true };

/** A mutation that sends one call with the body it is given. */
export function callMutation<C extends CallDefinition>(
  call: CallRef<C>,
  options: CallOptions = QUIET,
): UseMutationOptions<CallResult<C>, Error, CallBody<C>> {
  return { mutationFn: (body) => callApi(call, body, options) };
}
