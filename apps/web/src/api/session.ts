import { queryClient } from './query-client';
import { tokenStore } from './storage';

/** Every query of the signed-in account lives under this key, so a new session never sees the last one's data. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

const sessionListeners = new Set<() => void>();

export function hasSession(): boolean {
  return tokenStore.get() !== null;
}

/** Called on every sign-in and sign-out (a 401 included); answers the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => void sessionListeners.delete(listener);
}

export function startSession(token: string): void {
  tokenStore.set(token);
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  for (const listener of sessionListeners) listener();
}

export function endSession(): void {
  tokenStore.clear();
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  for (const listener of sessionListeners) listener();
}
