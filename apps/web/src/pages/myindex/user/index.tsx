import { useTranslation } from 'react-i18next';
import { hasSession } from '../../../api/session';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import '../../../styles/account.css';
import { AccountMenu } from './account-menu';
import { ProfileCard } from './profile-card';

export default function MinePage() {
  const { t } = useTranslation();
  return (
    <div className="app-mine">
      {hasSession() ? <ProfileCard /> : <SignInPrompt title={t('mine.signInTitle')} hint={t('mine.signInHint')} />}
      <AccountMenu />
    </div>
  );
}
