import { useTranslation } from 'react-i18next';
import { withdrawalListQuery, type WithdrawalRecord } from '../../../api/money-queries';
import { shortCard } from '../../../components/money/card-text';
import { Money } from '../../../components/money/money-text';
import { RecordCard, RecordLine } from '../../../components/money/record-card';
import { StatusRecordList } from '../../../components/money/status-record-list';
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
  return <StatusRecordList listQuery={withdrawalListQuery} renderItem={(record) => <WithdrawalItem record={record} />} testId="withdrawal-records" />;
}
