import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rechargeListQuery, type RechargeRecord } from '../../../api/money-queries';
import { Money } from '../../../components/money/money-text';
import { RecordCard, RecordLine } from '../../../components/money/record-card';
import { rechargeConfirmationPath } from '../../../components/money/money-paths';
import { StatusRecordList } from '../../../components/money/status-record-list';
import '../../../styles/money.css';

function RechargeItem({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RecordCard
      amount={record.payAmount}
      orderNo={record.orderNo}
      status={record.status}
      remark={record.remark}
      createdAt={record.createdAt}
      actions={
        record.status === 'review' && (
          <Button size="small" color="primary" fill="outline" onClick={() => void navigate(rechargeConfirmationPath(record.orderNo))} data-testid="open-recharge">
            {t('money.recharge.paymentDetails')}
          </Button>
        )
      }
    >
      <RecordLine label={t('money.recharge.channel')}>{record.channel.name}</RecordLine>
      {record.payAmount !== record.amount && (
        <RecordLine label={t('money.recharge.requested')}>
          <Money value={record.amount} />
        </RecordLine>
      )}
    </RecordCard>
  );
}

export default function RechargeListPage() {
  return <StatusRecordList listQuery={rechargeListQuery} renderItem={(record) => <RechargeItem record={record} />} testId="recharge-records" />;
}
