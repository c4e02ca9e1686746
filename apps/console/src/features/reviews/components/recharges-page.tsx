import { RECHARGE_STATUSES, type OPERATOR_CALLS, type RecordStatus } from '@wallet/contract/core';
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
import { useRecharges, useReviewRecharge } from '../api/review-calls';
import { CreatedCell } from './created-cell';
import { ALL, RecordFilters } from './record-filters';
import { ReviewButtons } from './review-buttons';
import { VoucherImage } from './voucher-image';

type Recharge = ItemOf<typeof OPERATOR_CALLS.recharges>;

const FILTERS = ['status', 'q'] as const;
const DEFAULTS = { status: 'review' };

function RechargeReview({ recharge }: { recharge: Recharge }) {
  const { t } = useTranslation();
  const review = useReviewRecharge();
  const summary = (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('records.user')}>{recharge.username}</Descriptions.Item>
      <Descriptions.Item label={t('recharges.payAmount')}>
        <Typography.Text strong>{recharge.payAmount}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('recharges.channel')}>{recharge.channel.name}</Descriptions.Item>
    </Descriptions>
  );
  return (
    <ReviewButtons
      orderNo={recharge.orderNo}
      summary={summary}
      pending={review.isPending}
      onReview={(decision, done) => review.mutate({ orderNo: recharge.orderNo, ...decision }, { onSuccess: done })}
    />
  );
}

export function RechargesPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const list = useListParams(FILTERS, DEFAULTS);
  const status = list.filters.status ?? ALL;
  const query = useRecharges({
    page: list.page,
    pageSize: list.pageSize,
    q: list.filters.q,
    ...(status === ALL ? {} : { status: status as RecordStatus }),
  });

  const reviewing = status === 'review';
  const columns: TableColumnsType<Recharge> = [
    { title: t('records.orderNo'), dataIndex: 'orderNo', render: (orderNo: string) => <Typography.Text copyable>{orderNo}</Typography.Text> },
    { title: t('records.user'), render: (_, r) => <UserLink userId={r.userId} username={r.username} /> },
    { title: t('recharges.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
    {
      title: t('recharges.payAmount'),
      dataIndex: 'payAmount',
      align: 'right',
      render: (value: string) => (
        <Typography.Text strong>
          <MoneyText value={value} />
        </Typography.Text>
      ),
    },
    { title: t('recharges.channel'), render: (_, r) => r.channel.name },
    { title: t('recharges.voucher'), dataIndex: 'voucher', render: (voucher: string | null) => <VoucherImage url={voucher} /> },
    { title: t('records.status'), dataIndex: 'status', render: (value: RecordStatus) => <RecordStatusTag status={value} /> },
    { title: t('records.createdAt'), render: (_, r) => <CreatedCell createdAt={r.createdAt} reviewedAt={r.reviewedAt} reviewedBy={r.reviewedBy} /> },
    // Under review, nothing has a remark yet.
    ...(reviewing ? [] : [{ title: t('records.remark'), dataIndex: 'remark' }]),
    {
      title: t('records.actions'),
      render: (_, r) => (r.status === 'review' && mayCall('/admin/api/recharges/review') ? <RechargeReview recharge={r} /> : null),
    },
  ];

  return (
    <Page title={t('menu.recharges')} extra={<ExportButton kind="recharges" filters={{ status: status === ALL ? undefined : status, q: list.filters.q }} />}>
      <RecordFilters statuses={RECHARGE_STATUSES} status={status} q={list.filters.q} onChange={list.setFilters} />
      <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} testId="recharges" />
    </Page>
  );
}
