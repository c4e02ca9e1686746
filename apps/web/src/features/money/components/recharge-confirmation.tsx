import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rechargeDetailQuery, type RechargeRecord } from '../api/money-queries';
import { CopyButton } from '../../../components/copy-button';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { OrderNoLine, RecordLine, RecordLines, TimeLine } from '../../../components/list/record-card';
import { LoadFailed } from '../../../components/load-failed';
import { ChannelKind } from './channel-name';
import { ExpiredRechargeNote } from './expired-recharge-note';
import { Money } from '../../../components/money-text';
import { useAmountFormat } from '../../../components/use-currency';
import { RecordRemark } from './record-remark';
import { StatusTag } from './status-tag';
import { SentenceWith } from '../../../components/sentence-with';
import { PATHS } from '../../../navigation/paths';
import { CHANNEL_ICONS } from './channel-picker';
import { VoucherUpload } from './voucher-upload';

function PayAmount({ record, payable }: { record: RechargeRecord; payable: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="app-money-hero app-pay-amount" data-testid="recharge-confirmation">
      <div className="app-pay-amount-status">
        <StatusTag status={record.status} />
      </div>
      <p className="app-money-hero-label">{t(record.status === 'review' ? 'money.recharge.payExactly' : 'money.recharge.paidAmount')}</p>
      <p className="app-pay-amount-line">
        <Money value={record.payAmount} className="app-money-hero-amount" testId="pay-amount" />
        {payable && <CopyButton text={record.payAmount} label={t('money.recharge.copyAmount')} testId="copy-pay-amount" />}
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
        <span>
          <SentenceWith i18nKey="money.recharge.payTo" name="channel" value={record.channel.name} />
        </span>
        <ChannelKind channel={record.channel} />
      </h2>
      <RecordLines>
        {record.channel.details.map((detail) => (
          <RecordLine key={detail.label} label={<bdi>{detail.label}</bdi>} testId="channel-detail">
            <bdi className="app-detail-value">{detail.value}</bdi>
            <CopyButton text={detail.value} label={t('money.copyValue', { label: detail.label })} testId="copy-detail" />
          </RecordLine>
        ))}
      </RecordLines>
    </section>
  );
}

function OrderFacts({ record }: { record: RechargeRecord }) {
  return (
    <section className="app-money-card">
      <RecordLines>
        <OrderNoLine orderNo={record.orderNo} testId="recharge-order-no" />
        <TimeLine time={record.createdAt} />
      </RecordLines>
      <RecordRemark status={record.status} remark={record.remark} />
    </section>
  );
}

/**
 * After submitting: exactly what to pay and where, each detail to copy, the
 * voucher, and the way to the records. Once reviewed or expired a recharge
 * waits for no payment: where to pay is gone, and an expired one says why and
 * whom to ask.
 */
export function RechargeConfirmation({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const navigate = useNavigate();
  const { data: record, error, refetch } = useQuery(rechargeDetailQuery(orderNo));
  if (!record) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;

  // Only a recharge under review waits for a payment: no other shows where to pay.
  const payable = record.status === 'review';
  return (
    <div className="app-money-page">
      <PayAmount record={record} payable={payable} />
      {record.randomDecimal && payable && (
        <p className="app-money-note" role="note" data-testid="random-decimal-note">
          {t('money.recharge.randomDecimalNote', { payAmount: format(record.payAmount) })}
        </p>
      )}
      {payable && <PayTo record={record} />}
      {record.status === 'expired' && <ExpiredRechargeNote />}
      <OrderFacts record={record} />
      {payable && <VoucherUpload record={record} />}
      <div className="app-money-actions">
        <Button block color="primary" size="large" onClick={() => void navigate(PATHS.rechargeRecords)} data-testid="to-recharge-records">
          {t('money.recharge.toRecords')}
        </Button>
      </div>
    </div>
  );
}
