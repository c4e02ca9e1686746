import Button from 'antd-mobile/es/components/button';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InfiniteList } from '../../../components/list/infinite-list';
import { showToast } from '../../../components/toast';
import { useReadMessages } from '../api/message-mutations';
import { messagesQuery, type UserMessage } from '../api/message-queries';
import { MessageRow } from '../components/message-row';
import { MESSAGE_TARGETS } from '../model/message-target';
import '../messages.css';

/** The user's messages, newest first: unread ones marked; a tap reads one and opens its record; one button reads them all. */
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(messagesQuery(i18n.language));
  const readMessages = useReadMessages();
  const unread = query.data?.pages[0]?.unread ?? 0;

  const open = (message: UserMessage) => {
    if (!message.read) readMessages.mutate(message.id);
    void navigate(MESSAGE_TARGETS[message.kind]);
  };

  const readAll = async () => {
    await readMessages.mutateAsync(undefined);
    showToast(t('messages.allRead'));
  };

  return (
    <div className="app-list-page app-messages-page">
      {unread > 0 && (
        <div className="app-messages-toolbar">
          <span>{t('messages.unreadCount', { count: unread })}</span>
          <Button size="small" fill="outline" color="primary" loading={readMessages.isPending} onClick={() => void readAll()} data-testid="messages-read-all">
            {t('messages.markAllRead')}
          </Button>
        </div>
      )}
      <InfiniteList
        query={query}
        itemKey={(message) => message.id}
        renderItem={(message) => <MessageRow message={message} onOpen={open} />}
        emptyTitle={t('messages.empty')}
        testId="message-list"
      />
    </div>
  );
}
