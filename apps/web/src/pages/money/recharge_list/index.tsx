import Button from 'antd-mobile/es/components/button';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { rechargeListQuery, type RechargeRecord } from '../../../api/money-queries';
import { MoneyList } from '../../../components/money/money-list';
import { Money } from '../../../components/money/money-text';
import { RecordCard, RecordLine } from '../../../components/money/record-card';
import { StatusTabs, isStatusFilter } from '../../../components/money/status-tabs';
import { rechargeConfirmationPath } from '../../../components/money/money-paths';
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
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatusFilter(requested) ? requested : 'all';
  const query = useInfiniteQuery(rechargeListQuery(status));
  return (
    <div className="app-money-page">
      <StatusTabs active={status} onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })} />
      <MoneyList
        query={query}
        itemKey={(record) => record.orderNo}
        renderItem={(record) => <RechargeItem record={record} />}
        emptyTitle={t('money.records.empty')}
        testId="recharge-records"
      />
    </div>
  );
}
