import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Alert, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { useSession } from '../../../api/session';
import { AgeText } from '../../../components/age-text';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { UserLink } from '../../../components/user-link';
import { usePendingAdjustments } from '../api/adjustment-calls';
import { AdjustmentDecision } from './adjustment-decision';
import { ThresholdRaises } from './threshold-raises';

type Adjustment = ItemOf<typeof OPERATOR_CALLS.pendingAdjustments>;

const NO_FILTERS = [] as const;

export function AdjustmentsPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const session = useSession();
  const list = useListParams(NO_FILTERS);
  const query = usePendingAdjustments({ page: list.page, pageSize: list.pageSize });

  const columns: TableColumnsType<Adjustment> = [
    { title: t('records.user'), render: (_, a) => <UserLink userId={a.userId} username={a.username} /> },
    { title: t('adjust.account'), dataIndex: 'account', render: (account: string) => t(`adjust.accounts.${account}`) },
    { title: t('adjust.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} signed /> },
    { title: t('adjust.reason'), dataIndex: 'reason' },
    { title: t('adjustments.proposedBy'), dataIndex: 'proposedBy' },
    { title: t('adjustments.proposedAt'), dataIndex: 'proposedAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('records.age'), render: (_, a) => <AgeText since={a.proposedAt} /> },
    {
      title: t('records.actions'),
      fixed: 'right',
      render: (_, a) => {
        if (!mayCall('/admin/api/adjustments/approve')) return null;
        // Nobody decides their own proposal: the server refuses it, so the buttons are not offered.
        if (a.proposedBy === session?.username) return <Typography.Text type="secondary">{t('adjustments.yours')}</Typography.Text>;
        return <AdjustmentDecision id={a.id} />;
      },
    },
  ];

  return (
    <Page title={t('menu.adjustments')}>
      <Alert type="info" showIcon title={t('adjustments.explain')} style={{ marginBottom: 16 }} />
      {mayCall('/admin/api/settings/threshold/pending') ? <ThresholdRaises /> : null}
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="adjustments" />
    </Page>
  );
}
