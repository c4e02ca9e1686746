import { useSyncExternalStore } from 'react';
import { subscribeSession } from '../api/session';
import { tokenStore } from '../api/storage';

/** The signed-in session's token, or null: what runs per session keys on it, so a new sign-in starts it afresh. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, tokenStore.get);
}
