import { WITHDRAWAL_STATUSES } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { withdrawalListQuery, type WithdrawalRecord } from '../api/money-queries';
import { RecordCard, RecordLine } from '../../../components/list/record-card';
import { StatusRecordList } from '../../../components/list/status-record-list';
import { shortCard } from '../model/card-text';
import { Money } from '../../../components/money-text';
import { RecordRemark } from '../components/record-remark';
import { StatusTag } from '../components/status-tag';
import '../money.css';

function WithdrawalItem({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      amount={record.amount}
      orderNo={record.orderNo}
      status={<StatusTag status={record.status} />}
      createdAt={record.createdAt}
      note={<RecordRemark status={record.status} remark={record.remark} />}
    >
      <RecordLine label={t('money.withdraw.fee')}>
        <Money value={record.fee} />
      </RecordLine>
      <RecordLine label={t('money.withdraw.arrival')}>
        <Money value={record.arrival} testId="record-arrival" />
      </RecordLine>
      <RecordLine label={t('money.withdraw.card')}>
        <bdi>{record.bankName}</bdi> <bdi dir="ltr">{shortCard(record.cardNoMasked)}</bdi>
      </RecordLine>
    </RecordCard>
  );
}

export function WithdrawRecordsPage() {
  const { t } = useTranslation();
  return (
    <StatusRecordList
      statuses={WITHDRAWAL_STATUSES}
      statusLabel={(status) => t(`money.status.${status}`)}
      listQuery={withdrawalListQuery}
      renderItem={(record) => <WithdrawalItem record={record} />}
      testId="withdrawal-records"
    />
  );
}
