import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../navigation/paths';
import { userInfoQuery } from '../api/account-queries';

/** For an account with no e-mail or mobile: without one a forgotten password cannot be reset, and where to bind one. */
export function ContactReminder() {
  const { t } = useTranslation();
  const { data: profile } = useQuery(userInfoQuery);
  if (!profile || profile.contact) return null;
  return (
    <Link to={PATHS.contact} className="app-contact-reminder" data-testid="contact-reminder">
      <strong>{t('contact.reminderTitle')}</strong>
      <span>{t('contact.reminderText')}</span>
      <span className="app-contact-reminder-action">{t('contact.reminderAction')}</span>
    </Link>
  );
}
