import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasSession } from '../../../api/session';
import { UnreadCount } from '../../../components/unread-badge';
import { PATHS } from '../../../navigation/paths';
import { unreadMessagesQuery } from '../api/message-queries';
import '../messages.css';

/** The bell in a tab's header: opens the messages, with the unread count on it. Nothing for a visitor. */
export function MessagesBell() {
  const { t } = useTranslation();
  const signedIn = hasSession();
  const { data: unread } = useQuery({ ...unreadMessagesQuery, enabled: signedIn });
  if (!signedIn) return null;
  return (
    <Link to={PATHS.messages} className="app-messages-bell" aria-label={t('messages.bell')} data-testid="messages-bell">
      <BellOutline aria-hidden="true" />
      <UnreadCount count={unread} label={t('messages.unreadCount', { count: unread ?? 0 })} testId="messages-unread" />
    </Link>
  );
}
