import { RECHARGE_STATUSES, WITHDRAWAL_STATUSES, type RecordStatus } from '@wallet/contract/core';
import { Descriptions, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { MoneyText } from '../../../components/money-text';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { RecordStatusTag } from '../../../components/record-status-tag';
import { useListParams } from '../../../components/use-list-params';
import { useMayCall } from '../../../components/use-may-call';
import { UserLink } from '../../../components/user-link';
import { QUEUE_CALLS, useReview, useReviewQueue, type QueueRecords, type ReviewKind } from '../api/review-calls';
import { CreatedCell } from './created-cell';
import { PayeeCell } from './payee-cell';
import { ALL, RecordFilters } from './record-filters';
import { ReviewButtons } from './review-buttons';
import { VoucherImage } from './voucher-image';

/** What sets one queue apart from the other; the table around it, the filters and the review are shared. */
interface QueueView<Item> {
  /** The queue's name in the menu's texts, in the export and in the table's test id. */
  name: 'recharges' | 'withdrawals';
  statuses: readonly RecordStatus[];
  /** The columns between the user and the status: the money, and where it comes from or goes to. */
  moneyColumns: (t: TFunction) => TableColumnsType<Item>;
  /** What the review dialog shows after the user, to check before deciding. */
  summary: (record: Item, t: TFunction) => DescriptionsProps['items'];
}

const strongMoney = (value: string) => (
  <Typography.Text strong>
    <MoneyText value={value} />
  </Typography.Text>
);

const QUEUES: { [K in ReviewKind]: QueueView<QueueRecords[K]> } = {
  recharge: {
    name: 'recharges',
    statuses: RECHARGE_STATUSES,
    moneyColumns: (t) => [
      { title: t('recharges.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <MoneyText value={value} /> },
      { title: t('recharges.payAmount'), dataIndex: 'payAmount', align: 'right', render: strongMoney },
      { title: t('recharges.channel'), render: (_, r) => r.channel.name },
      { title: t('recharges.voucher'), dataIndex: 'voucher', render: (voucher: string | null) => <VoucherImage url={voucher} /> },
    ],
    summary: (recharge, t) => [
      { key: 'payAmount', label: t('recharges.payAmount'), children: <Typography.Text strong>{recharge.payAmount}</Typography.Text> },
      { key: 'channel', label: t('recharges.channel'), children: recharge.channel.name },
    ],
  },
  withdrawal: {
    name: 'withdrawals',
    statuses: WITHDRAWAL_STATUSES,
    moneyColumns: (t) => [
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
      { title: t('withdrawals.arrival'), dataIndex: 'arrival', align: 'right', render: strongMoney },
      { title: t('withdrawals.payee'), render: (_, w) => <PayeeCell withdrawal={w} /> },
    ],
    summary: (withdrawal, t) => [
      { key: 'arrival', label: t('withdrawals.arrival'), children: <Typography.Text strong>{withdrawal.arrival}</Typography.Text> },
      { key: 'payee', label: t('withdrawals.payee'), children: withdrawal.name },
      { key: 'bank', label: t('withdrawals.bank'), children: withdrawal.bankName },
      { key: 'cardNo', label: t('withdrawals.cardNo'), children: withdrawal.cardNo },
    ],
  },
};

const FILTERS = ['status', 'q'] as const;
const DEFAULTS = { status: 'review' };

function RecordReview<K extends ReviewKind>({ kind, record }: { kind: K; record: QueueRecords[K] }) {
  const { t } = useTranslation();
  const review = useReview(kind);
  const items = [{ key: 'user', label: t('records.user'), children: record.username }, ...(QUEUES[kind].summary(record, t) ?? [])];
  return (
    <ReviewButtons
      orderNo={record.orderNo}
      summary={<Descriptions size="small" column={1} bordered items={items} />}
      pending={review.isPending}
      onReview={(decision, done) => review.mutate({ orderNo: record.orderNo, ...decision }, { onSuccess: done })}
    />
  );
}

/** The queue of records waiting for review, of one kind: recharges to credit or withdrawals to pay out. */
export function ReviewQueuePage<K extends ReviewKind>({ kind }: { kind: K }) {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const queue = QUEUES[kind];
  const list = useListParams(FILTERS, DEFAULTS);
  const status = list.filters.status ?? ALL;
  const query = useReviewQueue(kind, {
    page: list.page,
    pageSize: list.pageSize,
    q: list.filters.q,
    ...(status === ALL ? {} : { status: status as RecordStatus }),
  });

  const reviewing = status === 'review';
  const columns: TableColumnsType<QueueRecords[K]> = [
    { title: t('records.orderNo'), dataIndex: 'orderNo', render: (orderNo: string) => <Typography.Text copyable>{orderNo}</Typography.Text> },
    { title: t('records.user'), render: (_, r) => <UserLink userId={r.userId} username={r.username} /> },
    ...queue.moneyColumns(t),
    { title: t('records.status'), dataIndex: 'status', render: (value: RecordStatus) => <RecordStatusTag status={value} /> },
    { title: t('records.createdAt'), render: (_, r) => <CreatedCell createdAt={r.createdAt} reviewedAt={r.reviewedAt} reviewedBy={r.reviewedBy} /> },
    // Under review, nothing has a remark yet.
    ...(reviewing ? [] : [{ title: t('records.remark'), dataIndex: 'remark' }]),
    {
      title: t('records.actions'),
      render: (_, r) => (r.status === 'review' && mayCall(QUEUE_CALLS[kind].review.path) ? <RecordReview kind={kind} record={r} /> : null),
    },
  ];

  return (
    <Page title={t(`menu.${queue.name}`)} extra={<ExportButton kind={queue.name} filters={{ status: status === ALL ? undefined : status, q: list.filters.q }} />}>
      <RecordFilters statuses={queue.statuses} status={status} q={list.filters.q} onChange={list.setFilters} />
      <PagedTable query={query} columns={columns} rowKey="orderNo" list={list} testId={queue.name} />
    </Page>
  );
}

// The registry opens screens that take no props; each queue keeps a component of its own, so moving between them starts afresh.
export const RechargesPage = () => <ReviewQueuePage kind="recharge" />;
export const WithdrawalsPage = () => <ReviewQueuePage kind="withdrawal" />;
