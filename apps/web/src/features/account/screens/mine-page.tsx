import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticeHomeQuery } from '../../content';
import { hasSession } from '../../../api/session';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import '../account.css';
import { AccountMenu } from '../components/account-menu';
import { ContactReminder } from '../components/contact-reminder';
import { ProfileCard } from '../components/profile-card';

export function MinePage() {
  const { t, i18n } = useTranslation();
  const signedIn = hasSession();
  // The home answer carries the unread counts: the same entry as the Home tab's, so either page fills the other.
  const { data: home } = useQuery({ ...noticeHomeQuery(i18n.language), enabled: signedIn });
  return (
    <div className="app-mine">
      {signedIn ? <ProfileCard /> : <SignInPrompt title={t('mine.signInTitle')} hint={t('mine.signInHint')} />}
      {signedIn && <ContactReminder />}
      <AccountMenu marks={{ notices: home?.unread, replies: home?.unreadReplies }} />
    </div>
  );
}
