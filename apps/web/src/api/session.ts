import { queryClient } from './query-client';
import { tokenStore } from './storage';

/** Every query of the signed-in account lives under this key, so a new session never sees the last one's data. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export function hasSession(): boolean {
  return tokenStore.get() !== null;
}

export function startSession(token: string): void {
  tokenStore.set(token);
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
}

export function endSession(): void {
  tokenStore.clear();
  queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
}
