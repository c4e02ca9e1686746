import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { useEffect } from 'react';
import type { BodyOf } from '../../../api/call-types';
import { operatorCall } from '../../../api/client';
import { isApiError } from '../../../api/api-error';
import { sessionStore, useSession } from '../../../api/session';
import { callKey } from '../../../api/use-call';

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

/**
 * The signed-in operator as the server sees them now: an admin may have
 * changed the role, and TOTP may be required. A server without `me` keeps
 * what sign-in answered.
 */
export function useMe() {
  const session = useSession();
  const query = useQuery({
    queryKey: callKey(OPERATOR_CALLS.me.path, session?.token),
    queryFn: () => operatorCall(OPERATOR_CALLS.me, {}),
    enabled: Boolean(session),
    staleTime: 60_000,
    retry: false,
  });
  const me = query.data;
  useEffect(() => {
    if (me && (me.role !== session?.role || me.username !== session.username)) sessionStore.update({ role: me.role, username: me.username });
  }, [me, session?.role, session?.username]);
  const unavailable = isApiError(query.error) && query.error.reason === 'NOT_FOUND';
  return { me, unavailable, failed: query.isError, refetch: query.refetch };
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function isTimeZone(name: string | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The time zone the server counts days in (`me` says it); undefined while
 * `me` is on its way. A server that cannot say (no `me`, or an older one
 * without the zone) leaves the browser's.
 */
export function useServerTimeZone(): string | undefined {
  const { me, failed } = useMe();
  // Typed as always there, but a server of before the zone answers without it.
  const named: string | undefined = me?.timeZone;
  if (isTimeZone(named)) return named;
  return me || failed ? browserTimeZone() : undefined;
}
