import { Link } from 'react-router';
import { userDetailPath } from '../navigation/paths';
import { useMayCall } from './use-may-call';

/** A username that opens the user's page, for roles that may read users. */
export function UserLink({ userId, username }: { userId: string; username: string }) {
  const mayCall = useMayCall();
  if (!mayCall('/admin/api/users')) return <>{username}</>;
  return <Link to={userDetailPath(userId)}>{username}</Link>;
}
