import { useTranslation } from 'react-i18next';
import { useLogOut } from '../api/account-mutations';
import { showToast } from '../../../components/toast';
import { PATHS } from '../../../navigation/paths';
import { useRelaunch } from '../../../navigation/use-relaunch';

/** Logs out (the session ends here even when the server cannot be reached), says so, and starts again on the login page. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const relaunch = useRelaunch();
  const logOut = useLogOut();
  return async () => {
    await logOut.mutateAsync();
    showToast(t('settings.loggedOut'));
    relaunch(PATHS.login);
  };
}
