import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StatusFilter } from '../../api/money-queries';
import { MoneyList } from './money-list';
import { StatusTabs, isStatusFilter } from './status-tabs';

interface RecordPage {
  items: { orderNo: string }[];
}

interface Props<Page extends RecordPage, Key extends QueryKey> {
  /** The list's query for one status tab. */
  listQuery: (status: StatusFilter) => UseInfiniteQueryOptions<Page, Error, InfiniteData<Page>, Key, number>;
  renderItem: (record: Page['items'][number]) => ReactNode;
  testId: string;
}

/** A page of the user's recharges or withdrawals: status tabs (kept in the address) above the list. */
export function StatusRecordList<Page extends RecordPage, Key extends QueryKey>({ listQuery, renderItem, testId }: Props<Page, Key>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatusFilter(requested) ? requested : 'all';
  const query = useInfiniteQuery(listQuery(status));
  return (
    <div className="app-money-page">
      <StatusTabs active={status} onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })} />
      <MoneyList query={query} itemKey={(record) => record.orderNo} renderItem={renderItem} emptyTitle={t('money.records.empty')} testId={testId} />
    </div>
  );
}
