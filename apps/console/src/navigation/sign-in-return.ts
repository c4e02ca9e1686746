/** What sign-in is handed when the session is missing or has ended: where the operator was, with the query. */
export const signInState = ({ pathname, search }: { pathname: string; search: string }) => ({ from: `${pathname}${search}` });

/** Where the operator was before sign-in, if anywhere: only a path of the console, never another site (`//host`). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
