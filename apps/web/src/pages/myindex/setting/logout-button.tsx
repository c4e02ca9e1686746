import Button from 'antd-mobile/es/components/button';
import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { endSession } from '../../../api/session';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';
import { useRelaunch } from '../../../routes/use-relaunch';

/** Log out after a confirmation: the server ends the session, and the app forgets it even when the server cannot be reached. */
export function LogoutButton() {
  const { t } = useTranslation();
  const relaunch = useRelaunch();

  const logOut = useGuardedAction(async () => {
    // The dialog (and its animation library) is only downloaded when someone wants to leave.
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await callApi(CALLS.logOut, {}, { quiet: true }).catch(() => {
      // Ended here all the same; the token expires on the server.
    });
    endSession();
    showToast(t('settings.loggedOut'));
    relaunch(PATHS.login);
  });

  return (
    <div className="app-logout">
      <Button block color="danger" fill="outline" size="large" loading={logOut.pending} onClick={() => logOut.run()} data-testid="logout">
        {t('settings.logout')}
      </Button>
    </div>
  );
}
