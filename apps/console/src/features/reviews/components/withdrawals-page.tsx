import { WITHDRAWAL_STATUSES, type OPERATOR_CALLS, type RecordStatus } from '@wallet/contract/core';
import { Descriptions, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { ExportButton } from '../../../components/export-button';
import { MoneyText } from '../../../components/money-text';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { RecordStatusTag } from '../../../components/record-status-tag';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { UserLink } from '../../../components/user-link';
import { useReviewWithdrawal, useWithdrawals } from '../api/review-calls';
import { CreatedCell } from './created-cell';
import { PayeeCell } from './payee-cell';
import { ALL, RecordFilters } from './record-filters';
import { ReviewButtons } from './review-buttons';

type Withdrawal = ItemOf<typeof OPERATOR_CALLS.withdrawals>;

const FILTERS = ['status', 'q'] as const;
const DEFAULTS = { status: 'review' };

function WithdrawalReview({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const review = useReviewWithdrawal();
  const summary = (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('records.user')}>{withdrawal.username}</Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.arrival')}>
        <Typography.Text strong>{withdrawal.arrival}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.payee')}>{withdrawal.name}</Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.bank')}>{withdrawal.bankName}</Descriptions.Item>
      <Descriptions.Item label={t('withdrawals.cardNo')}>{withdrawal.cardNo}</Descriptions.Item>
    </Descriptions>
  );
  return (
    <ReviewButtons
      orderNo={withdrawal.orderNo}
      summary={summary}
      pending={review.isPending}
      onReview={(decision, done) => review.mutate({ orderNo: withdrawal.orderNo, ...decision }, { onSuccess: done })}
    />
  );
}

export function WithdrawalsPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const list = useListParams(FILTERS, DEFAULTS);
  const status = list.filters.status ?? ALL;
  const query = useWithdrawals({
    page: list.page,
    pageSize: list.pageSize,
    q: list.filters.q,
    ...(status === ALL ? {} : { status: status as RecordStatus }),
  });

  const reviewing = status === 'review';
  const columns: TableColumnsType<Withdrawal> = [
    { title: t('records.orderNo'), dataIndex: 'orderNo', render: (orderNo: string) => <Typography.Text copyable>{orderNo}</Typography.Text> },
    { title: t('records.user'), render: (_, w) => <UserLink userId={w.userId} username={w.username} /> },
    {
      title: t('withdrawals.amount'),
      align: 'right',
      render: (_, w) => (
        <>
          <MoneyText value={w.amount} />
          <div>
            <Typography.Text type="secondary">{t('withdrawals.feeOf', { fee: w.fee })}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: t('withdrawals.arrival'),
      dataIndex: 'arrival',
      align: 'right',
      render: (value: string) => (
        <Typography.Text strong>
          <MoneyText value={value} />
        </Typography.Text>
      ),
    },
    { title: t('withdrawals.payee'), render: (_, w) => <PayeeCell withdrawal={w} /> },
    { title: t('records.status'), dataIndex: 'status', render: (value: RecordStatus) => <RecordStatusTag status={value} /> },
    { title: t('records.createdAt'), render: (_, w) => <CreatedCell createdAt={w.createdAt} reviewedAt={w.reviewedAt} reviewedBy={w.reviewedBy} /> },
    // Under review, nothing has a remark yet.
    ...(reviewing ? [] : [{ title: t('records.remark'), dataIndex: 'remark' }]),
    {
      title: t('records.actions'),
      render: (_, w) => (w.status === 'review' && mayCall('/admin/api/withdrawals/review') ? <WithdrawalReview withdrawal={w} /> : null),
    },
  ];

  return (
    <Page title={t('menu.withdrawals')} extra={<ExportButton kind="withdrawals" filters={{ status: status === ALL ? undefined : status, q: list.filters.q }} />}>
      <RecordFilters statuses={WITHDRAWAL_STATUSES} status={status} q={list.filters.q} onChange={list.setFilters} />
      <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} testId="withdrawals" />
    </Page>
  );
}
