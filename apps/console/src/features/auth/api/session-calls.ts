import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { BodyOf } from '../../../api/call-types';
import { operatorCall } from '../../../api/client';
import { sessionStore } from '../../../api/session';

export function useSignIn() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof OPERATOR_CALLS.login>) => operatorCall(OPERATOR_CALLS.login, body),
    // The form shows why a sign-in failed, beside its fields.
    meta: { quiet: true },
    onSuccess: (answer) => sessionStore.start(answer),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    // Ended here even when the server cannot be told: the operator asked to leave.
    await operatorCall(OPERATOR_CALLS.logout, {}).catch(() => undefined);
    sessionStore.end();
    client.clear();
  };
}
