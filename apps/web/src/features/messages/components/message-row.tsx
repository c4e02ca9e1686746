import { useTranslation } from 'react-i18next';
import { formatRecordTime } from '../../../components/list/record-time';
import { UnreadDot } from '../../../components/unread-badge';
import type { UserMessage } from '../api/message-queries';

/** One message: a dot while unread, the title, the words and the time; tapping reads it and opens its record. */
export function MessageRow({ message, onOpen }: { message: UserMessage; onOpen: (message: UserMessage) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className={message.read ? 'app-message-row' : 'app-message-row app-message-unread'}
      onClick={() => onOpen(message)}
      data-testid="message-item"
      data-kind={message.kind}
      data-unread={!message.read}
    >
      <span className="app-message-head">
        {!message.read && <UnreadDot label={t('messages.unread')} testId="message-unread-dot" />}
        <strong className="app-message-title">
          <bdi>{message.title}</bdi>
        </strong>
      </span>
      <span className="app-message-body">
        <bdi>{message.body}</bdi>
      </span>
      <time className="app-message-time" dateTime={new Date(message.createdAt).toISOString()}>
        <bdi>{formatRecordTime(message.createdAt, i18n.language)}</bdi>
      </time>
    </button>
  );
}
