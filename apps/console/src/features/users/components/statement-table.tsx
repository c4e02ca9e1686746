import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { ExportButton } from '../../../components/export-button';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { PagedTable } from '../../../components/paged-table';
import type { ListParams } from '../../../components/use-list-params';
import { useUserStatement } from '../api/user-calls';

type Entry = ItemOf<typeof OPERATOR_CALLS.userStatement>;

/** Every movement of the user's money, newest first, as the user reads it in the app; roles that may export it get it as CSV for chosen days. */
export function StatementTable({ userId, list }: { userId: string; list: ListParams }) {
  const { t } = useTranslation();
  const query = useUserStatement({ userId, page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<Entry> = [
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('statement.kind'), dataIndex: 'kind', render: (kind: string) => t(`statement.kinds.${kind}`) },
    { title: t('statement.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} signed /> },
    {
      title: t('statement.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      // The balance of the account the line moved: credit points are a count, the rest money.
      render: (value: string, entry) => (entry.balanceAccount === 'coin' ? formatCount(Number(value)) : <MoneyText value={value} />),
    },
    { title: t('statement.frozen'), dataIndex: 'frozen', align: 'right', render: (value: string) => <MoneyText value={value} signed /> },
    { title: t('statement.coin'), dataIndex: 'coin', align: 'right', render: (points: number) => formatCount(points, true) },
    { title: t('statement.reference'), dataIndex: 'reference', render: (value: string) => <Typography.Text copyable>{value}</Typography.Text> },
    { title: t('statement.memo'), dataIndex: 'memo' },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <ExportButton kind="statement" filters={{ userId }} />
      </Flex>
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="statement" />
    </Flex>
  );
}
