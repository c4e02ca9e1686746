/** What the login page is told by the page that sent it there (router state, never the URL): the account to sign in to. */
export interface LoginPrefill {
  username: string;
}

export const loginPrefill = (username: string): LoginPrefill => ({ username });

/** The username handed over by the page before (a password reset), if any. */
export function prefilledUsername(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const username = (state as Partial<LoginPrefill>).username;
  return typeof username === 'string' && username ? username : undefined;
}
