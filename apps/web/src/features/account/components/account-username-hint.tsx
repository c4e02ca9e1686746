import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from '../api/account-queries';

/** Tells the browser's password manager which saved login a password form updates. */
export function AccountUsernameHint() {
  const { data } = useQuery(userInfoQuery);
  return <input type="text" name="username" autoComplete="username" value={data?.username ?? ''} readOnly hidden />;
}
