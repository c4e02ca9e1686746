import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useLogOut } from '../api/account-mutations';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { useRelaunch } from '../../../navigation/use-relaunch';

/** Log out after a confirmation: the server ends the session, and the app forgets it even when the server cannot be reached. */
export function LogoutButton() {
  const { t } = useTranslation();
  const relaunch = useRelaunch();
  const logOut = useLogOut();

  const confirmAndLogOut = useGuardedAction(async () => {
    // The dialog (and its animation library) is only downloaded when someone wants to leave.
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logOut.mutateAsync();
    showToast(t('settings.loggedOut'));
    relaunch(PATHS.login);
  });

  return (
    <div className="app-logout">
      <Button block color="danger" fill="outline" size="large" loading={confirmAndLogOut.pending} onClick={() => confirmAndLogOut.run()} data-testid="logout">
        {t('settings.logout')}
      </Button>
    </div>
  );
}
