import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withdrawalListQuery, type WithdrawalRecord } from '../../../api/money-queries';
import { shortCard } from '../../../components/money/card-text';
import { MoneyList } from '../../../components/money/money-list';
import { Money } from '../../../components/money/money-text';
import { RecordCard, RecordLine } from '../../../components/money/record-card';
import { StatusTabs, isStatusFilter } from '../../../components/money/status-tabs';
import '../../../styles/money.css';

function WithdrawalItem({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  return (
    <RecordCard amount={record.amount} orderNo={record.orderNo} status={record.status} remark={record.remark} createdAt={record.createdAt}>
      <RecordLine label={t('money.withdraw.fee')}>
        <Money value={record.fee} />
      </RecordLine>
      <RecordLine label={t('money.withdraw.arrival')}>
        <Money value={record.arrival} testId="record-arrival" />
      </RecordLine>
      <RecordLine label={t('money.withdraw.card')}>
        {record.bankName} <bdi dir="ltr">{shortCard(record.cardNoMasked)}</bdi>
      </RecordLine>
    </RecordCard>
  );
}

export default function WidhtListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatusFilter(requested) ? requested : 'all';
  const query = useInfiniteQuery(withdrawalListQuery(status));
  return (
    <div className="app-money-page">
      <StatusTabs active={status} onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })} />
      <MoneyList
        query={query}
        itemKey={(record) => record.orderNo}
        renderItem={(record) => <WithdrawalItem record={record} />}
        emptyTitle={t('money.records.empty')}
        testId="withdrawal-records"
      />
    </div>
  );
}
