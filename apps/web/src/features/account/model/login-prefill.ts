import type { LoginState } from '../../../navigation/login-state';

export const loginPrefill = (username: string): LoginState => ({ username });

/** Whether the session ended because the account was frozen: the login page then shows why, and the way on. */
export function arrivedFrozen(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as LoginState).frozen === true;
}

/** The username handed over by the page before (a password reset), if any. */
export function prefilledUsername(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const username = (state as LoginState).username;
  return typeof username === 'string' && username ? username : undefined;
}
