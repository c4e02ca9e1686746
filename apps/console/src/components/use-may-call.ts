import { mayCall, type OperatorCallPath } from '@wallet/contract/core';
import { useSession } from '../api/session';

/** Whether the signed-in operator's role may make a call: what it may not is not shown (the server refuses it anyway). */
export function useMayCall(): (path: OperatorCallPath) => boolean {
  const session = useSession();
  return (path) => (session ? mayCall(session.role, path) : false);
}
