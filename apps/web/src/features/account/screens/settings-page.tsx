import List from 'antd-mobile/es/components/list';
import type { Language } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateProfile } from '../api/account-mutations';
import { hasSession } from '../../../api/session';
import { CustomerServiceItem } from '../../customer-service';
import { LanguagePicker } from '../../../components/language-picker';
import { PATHS } from '../../../navigation/paths';
import '../account.css';
import { LogoutButton } from '../components/logout-button';
import { VersionCheckItem } from '../components/version-check-item';

export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const signedIn = hasSession();

  // The account keeps its language too, so messages the server sends later come in it.
  const saveLanguage = (language: Language) => {
    if (!hasSession()) return;
    // A failure is toasted; the app's own language has changed anyway.
    updateProfile.mutate({ lang: language });
  };

  return (
    <div className="app-settings">
      <List mode="card" className="app-menu">
        <LanguagePicker onChosen={saveLanguage} />
      </List>
      <List mode="card" className="app-menu">
        <List.Item onClick={() => void navigate(PATHS.loginPassword)} arrowIcon data-testid="settings-login-password">
          {t('pages.loginPassword')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.payPassword)} arrowIcon data-testid="settings-pay-password">
          {t('pages.payPassword')}
        </List.Item>
      </List>
      <List mode="card" className="app-menu">
        <List.Item onClick={() => void navigate(PATHS.about)} arrowIcon data-testid="settings-about">
          {t('pages.about')}
        </List.Item>
        <CustomerServiceItem />
        <VersionCheckItem />
      </List>
      {signedIn && <LogoutButton />}
    </div>
  );
}
