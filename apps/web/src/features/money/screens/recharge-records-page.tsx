import Button from 'antd-mobile/es/components/button';
import { RECHARGE_STATUSES } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rechargeListQuery, type RechargeRecord } from '../api/money-queries';
import { RecordCard, RecordLine } from '../../../components/list/record-card';
import { StatusRecordList } from '../../../components/list/status-record-list';
import { ChannelName } from '../components/channel-name';
import { ExpiredRechargeNote } from '../components/expired-recharge-note';
import { rechargeConfirmationPath } from '../model/money-paths';
import { Money } from '../../../components/money-text';
import { RecordRemark } from '../components/record-remark';
import { StatusTag } from '../components/status-tag';
import '../money.css';

function RechargeItem({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RecordCard
      amount={record.payAmount}
      orderNo={record.orderNo}
      status={<StatusTag status={record.status} />}
      createdAt={record.createdAt}
      note={
        <>
          <RecordRemark status={record.status} remark={record.remark} />
          {record.status === 'expired' && <ExpiredRechargeNote />}
        </>
      }
      actions={
        record.status === 'review' && (
          <Button size="small" color="primary" fill="outline" onClick={() => void navigate(rechargeConfirmationPath(record.orderNo))} data-testid="open-recharge">
            {t('money.recharge.paymentDetails')}
          </Button>
        )
      }
    >
      <RecordLine label={t('money.recharge.channel')}>
        <ChannelName channel={record.channel} />
      </RecordLine>
      {record.payAmount !== record.amount && (
        <RecordLine label={t('money.recharge.requested')}>
          <Money value={record.amount} />
        </RecordLine>
      )}
    </RecordCard>
  );
}

export function RechargeRecordsPage() {
  const { t } = useTranslation();
  return (
    <StatusRecordList
      statuses={RECHARGE_STATUSES}
      statusLabel={(status) => t(`money.status.${status}`)}
      listQuery={rechargeListQuery}
      renderItem={(record) => <RechargeItem record={record} />}
      testId="recharge-records"
    />
  );
}
