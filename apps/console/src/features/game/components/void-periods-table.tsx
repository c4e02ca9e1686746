import type { OPERATOR_CALLS } from '@wallet/contract/core';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/call-types';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { formatCount } from '../../../components/number-format';
import { PagedTable } from '../../../components/paged-table';
import type { ListParams } from '../../../components/use-list-params';
import { PATHS, withQuery } from '../../../navigation/paths';
import { HashText } from './hash-text';

type VoidPeriods = ResultOf<typeof OPERATOR_CALLS.fairnessState>['voided'];
type VoidPeriod = VoidPeriods['items'][number];

interface VoidPeriodsQuery {
  data: VoidPeriods | undefined;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** The periods that were void, newest first: why, and what came back to whom ordered. */
export function VoidPeriodsTable({ query, list }: { query: VoidPeriodsQuery; list: ListParams }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<VoidPeriod> = [
    { title: t('orders.project'), dataIndex: 'projectName' },
    {
      title: t('periods.periodNo'),
      dataIndex: 'periodNo',
      render: (periodNo: string, period) => <Link to={withQuery(PATHS.periods, { projectId: period.projectId, periodNo })}>{periodNo}</Link>,
    },
    { title: t('periods.drawsAt'), dataIndex: 'drawsAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('fairness.reason'), dataIndex: 'voidReason', render: (reason: VoidPeriod['voidReason']) => (reason ? t(`fairness.reasons.${reason}`) : '–') },
    { title: t('periods.orders'), dataIndex: 'orders', align: 'right', render: (count: number) => formatCount(count) },
    { title: t('fairness.refunded'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    { title: t('periods.ordersRoot'), dataIndex: 'ordersRoot', render: (root: string | null) => <HashText value={root} /> },
  ];
  return <PagedTable query={query} columns={columns} rowKey={(period) => `${period.projectId}/${period.periodNo}`} list={list} testId="void-periods" />;
}
