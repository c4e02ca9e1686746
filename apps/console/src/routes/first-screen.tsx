import { Navigate } from 'react-router';
import { PATHS } from '../navigation/paths';
import { menuOf, useMaySeeScreen } from './screens';

/** `/` opens the first screen of the menu the operator's role may use. */
export function FirstScreen() {
  const maySee = useMaySeeScreen();
  const first = menuOf(maySee)[0]?.screens[0];
  return <Navigate to={first ? first.path : PATHS.account} replace />;
}
