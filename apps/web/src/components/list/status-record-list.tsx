import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StatusFilter } from '../../api/paging';
import '../../styles/list.css';
import { InfiniteList } from './infinite-list';
import { StatusTabs } from './status-tabs';

interface RecordPage {
  items: { orderNo: string }[];
}

interface Props<Status extends string, Page extends RecordPage, Key extends QueryKey> {
  /** The statuses this kind of record can have, in tab order. */
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  /** The list's query for one status tab. */
  listQuery: (status: StatusFilter<Status>) => UseInfiniteQueryOptions<Page, Error, InfiniteData<Page>, Key, number>;
  renderItem: (record: Page['items'][number]) => ReactNode;
  testId: string;
}

/** A page of records: status tabs (kept in the address) above the list. */
export function StatusRecordList<Status extends string, Page extends RecordPage, Key extends QueryKey>({
  statuses,
  statusLabel,
  listQuery,
  renderItem,
  testId,
}: Props<Status, Page, Key>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = statuses.find((known) => known === requested) ?? 'all';
  const query = useInfiniteQuery(listQuery(status));
  return (
    <div className="app-list-page">
      <StatusTabs
        statuses={statuses}
        active={status}
        label={statusLabel}
        onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })}
      />
      <InfiniteList query={query} itemKey={(record) => record.orderNo} renderItem={renderItem} emptyTitle={t('list.empty')} testId={testId} />
    </div>
  );
}
