import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NoticeItem } from '../api/content-queries';
import { noticePath } from '../model/content-paths';
import { PinnedTag } from './content-tags';
import { PublishedAt } from './content-time';
import { UnreadDot } from '../../../components/unread-badge';

/** One notice in the list: a dot while unread, the pin, the title, its first words and the date; tapping opens it. */
export function NoticeRow({ notice }: { notice: NoticeItem }) {
  const { t } = useTranslation();
  return (
    <Link
      to={noticePath(notice.id)}
      className={notice.unread ? 'app-content-card app-notice-row app-notice-unread' : 'app-content-card app-notice-row'}
      data-testid="notice-item"
      data-id={notice.id}
      data-unread={notice.unread}
    >
      <div className="app-notice-head">
        {notice.unread && <UnreadDot label={t('notice.unread')} testId="unread-dot" />}
        <h2 className="app-content-card-title" data-testid="notice-title">
          <bdi>{notice.title}</bdi>
        </h2>
        {notice.pinned && <PinnedTag />}
      </div>
      {notice.summary && (
        <p className="app-content-card-summary">
          <bdi>{notice.summary}</bdi>
        </p>
      )}
      <PublishedAt time={notice.publishAt} />
    </Link>
  );
}
