import { useQuery } from '@tanstack/react-query';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { useEffect } from 'react';
import { isApiError } from './api-error';
import { operatorCall } from './client';
import { sessionStore, useSession } from './session';
import { callKey } from './use-call';

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
