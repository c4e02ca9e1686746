import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticeListQuery } from '../api/content-queries';
import { InfiniteList } from '../../../components/list/infinite-list';
import '../content.css';
import { NoticeRow } from '../components/notice-row';

/** Every published notice, pinned first, with a dot on those the user has not opened. */
export function NoticeListPage() {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(noticeListQuery(i18n.language));
  return (
    <div className="app-list-page">
      <InfiniteList
        query={query}
        itemKey={(notice) => notice.id}
        renderItem={(notice) => <NoticeRow notice={notice} />}
        emptyTitle={t('empty.noNotices')}
        testId="notice-list"
      />
    </div>
  );
}
