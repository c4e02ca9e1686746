import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import '../../styles/list.css';
import { DelayedSpinner } from '../delayed-spinner';
import { EmptyState } from '../empty-state';
import { LoadFailed } from '../load-failed';
import { showToast } from '../toast';
import { PullToRefresh } from './pull-to-refresh';

interface Page<Item> {
  items: Item[];
}

interface Props<Item> {
  query: UseInfiniteQueryResult<InfiniteData<Page<Item>>>;
  itemKey: (item: Item) => string | number;
  renderItem: (item: Item) => ReactNode;
  emptyTitle: string;
  testId: string;
}

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.mess : fallback;
}

/** A paged list of any kind: pull down to refresh, the next page arrives when the end comes into view. */
export function InfiniteList<Item>({ query, itemKey, renderItem, emptyTitle, testId }: Props<Item>) {
  const { t } = useTranslation();
  const { data, error, refetch, fetchNextPage, hasNextPage } = query;

  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;

  const items = data.pages.flatMap((page) => page.items);

  const refresh = async () => {
    const result = await refetch();
    if (result.isError) showToast(failureText(result.error, t('errors.unexpected')));
  };

  const loadMore = async () => {
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) throw result.error;
  };

  return (
    <PullToRefresh
      onRefresh={refresh}
      texts={{
        pulling: t('list.pullToRefresh'),
        canRelease: t('list.releaseToRefresh'),
        refreshing: t('common.loading'),
        complete: t('list.refreshed'),
      }}
    >
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <ul className="app-records" data-testid={testId}>
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <InfiniteScroll hasMore={Boolean(hasNextPage)} loadMore={loadMore} className="app-records-end">
          {(hasMore, failed, retry) => {
            if (failed)
              return (
                <button type="button" className="app-link-button" onClick={retry}>
                  {t('list.loadMoreFailed')}
                </button>
              );
            return hasMore ? t('common.loading') : t('list.noMore');
          }}
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
