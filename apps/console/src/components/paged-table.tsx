import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-error';
import type { ListParams } from './use-list-params';

interface PageAnswer<Item> {
  items: Item[];
  total: number;
}

interface PagedTableProps<Item> {
  query: { data: PageAnswer<Item> | undefined; isFetching: boolean; error: Error | null; refetch: () => unknown };
  columns: TableColumnsType<Item>;
  /** A field, or a function of the item when no one field is unique (a period number is unique only within its project). */
  rowKey: (keyof Item & string) | ((item: Item) => string);
  list: ListParams;
  testId?: string;
  expandable?: Parameters<typeof Table<Item>>[0]['expandable'];
}

/** A list paged on the server: the page and its size live in the address. */
export function PagedTable<Item extends object>({ query, columns, rowKey, list, testId, expandable }: PagedTableProps<Item>) {
  const { t } = useTranslation();
  return (
    <>
      <QueryError error={query.error} onRetry={query.refetch} />
      <Table<Item>
        data-testid={testId}
        size="middle"
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        // The column of expand buttons needs a name for screen readers, even if it shows none.
        expandable={expandable && { columnTitle: <span className="visually-hidden">{t('list.details')}</span>, ...expandable }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => t('list.total', { count: total }),
          onChange: list.setPage,
        }}
      />
    </>
  );
}
