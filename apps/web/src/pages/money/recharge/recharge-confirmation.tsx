import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rechargeDetailQuery, type RechargeRecord } from '../../../api/money-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { CopyButton } from '../../../components/money/copy-button';
import { LoadFailed } from '../../../components/money/load-failed';
import { Money } from '../../../components/money/money-text';
import { formatRecordTime } from '../../../components/money/record-time';
import { StatusTag } from '../../../components/money/status-tag';
import { PATHS } from '../../../routes/paths';
import { CHANNEL_ICONS } from './channel-picker';
import { VoucherUpload } from './voucher-upload';

function PayAmount({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  return (
    <section className="app-money-hero app-pay-amount" data-testid="recharge-confirmation">
      <div className="app-pay-amount-status">
        <StatusTag status={record.status} />
      </div>
      <p className="app-money-hero-label">{t(record.status === 'review' ? 'money.recharge.payExactly' : 'money.recharge.paidAmount')}</p>
      <p className="app-pay-amount-line">
        <Money value={record.payAmount} className="app-money-hero-amount" testId="pay-amount" />
        <CopyButton text={record.payAmount} label={t('money.recharge.copyAmount')} testId="copy-pay-amount" />
      </p>
      {record.payAmount !== record.amount && (
        <p className="app-pay-amount-requested">
          {t('money.recharge.requested')} <Money value={record.amount} testId="requested-amount" />
        </p>
      )}
    </section>
  );
}

function PayTo({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  return (
    <section className="app-money-card" aria-labelledby="pay-to-title">
      <h2 id="pay-to-title" className="app-money-card-title">
        <span className="app-channel-icon" aria-hidden="true">
          {CHANNEL_ICONS[record.channel.kind]}
        </span>
        {t('money.recharge.payTo', { channel: record.channel.name })}
      </h2>
      <dl className="app-record-lines">
        {record.channel.details.map((detail) => (
          <div key={detail.label} className="app-record-line app-detail-line" data-testid="channel-detail">
            <dt>{detail.label}</dt>
            <dd>
              <bdi className="app-detail-value">{detail.value}</bdi>
              <CopyButton text={detail.value} label={t('money.copyValue', { label: detail.label })} testId="copy-detail" />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function OrderFacts({ record }: { record: RechargeRecord }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="app-money-card">
      <dl className="app-record-lines">
        <div className="app-record-line">
          <dt>{t('money.orderNo')}</dt>
          <dd>
            <bdi className="app-order-no" data-testid="recharge-order-no">
              {record.orderNo}
            </bdi>
            <CopyButton text={record.orderNo} label={t('money.copyOrderNo')} testId="copy-order-no" />
          </dd>
        </div>
        <div className="app-record-line">
          <dt>{t('money.time')}</dt>
          <dd>
            <bdi>{formatRecordTime(record.createdAt, i18n.language)}</bdi>
          </dd>
        </div>
      </dl>
      {record.remark && (
        <p className={`app-record-remark app-record-remark-${record.status}`} data-testid="record-remark">
          <strong>{t(record.status === 'refused' ? 'money.refusedBecause' : 'money.remark')}</strong> {record.remark}
        </p>
      )}
    </section>
  );
}

/** After submitting: exactly what to pay and where, each detail to copy, the voucher, and the way to the records. */
export function RechargeConfirmation({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: record, error, refetch } = useQuery(rechargeDetailQuery(orderNo));
  if (!record) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;

  return (
    <div className="app-money-page">
      <PayAmount record={record} />
      {record.randomDecimal && record.status === 'review' && (
        <p className="app-money-note" role="note" data-testid="random-decimal-note">
          {t('money.recharge.randomDecimalNote', { payAmount: record.payAmount })}
        </p>
      )}
      <PayTo record={record} />
      <OrderFacts record={record} />
      {record.status === 'review' && <VoucherUpload record={record} />}
      <div className="app-money-actions">
        <Button block color="primary" size="large" onClick={() => void navigate(PATHS.rechargeRecords)} data-testid="to-recharge-records">
          {t('money.recharge.toRecords')}
        </Button>
      </div>
    </div>
  );
}
