import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useSignOut } from './use-sign-out';

/** Log out after a confirmation: the server ends the session, and the app forgets it even when the server cannot be reached. */
export function LogoutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();

  const confirmAndLogOut = useGuardedAction(async () => {
    // The dialog (and its animation library) is only downloaded when someone wants to leave.
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await signOut();
  });

  return (
    <div className="app-logout">
      <Button block color="danger" fill="outline" size="large" loading={confirmAndLogOut.pending} onClick={() => confirmAndLogOut.run()} data-testid="logout">
        {t('settings.logout')}
      </Button>
    </div>
  );
}
