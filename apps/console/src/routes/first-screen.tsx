import { Navigate } from 'react-router';
import { useMayCall } from '../components/use-may-call';
import { PATHS, SCREEN_CALLS } from './paths';
import { MENU } from './screens';

/** `/` opens the first screen of the menu the operator's role may use. */
export function FirstScreen() {
  const mayCall = useMayCall();
  const first = MENU.flatMap(({ screens }) => screens).find(({ key }) => mayCall(SCREEN_CALLS[key]));
  return <Navigate to={first ? PATHS[first.key] : PATHS.account} replace />;
}
