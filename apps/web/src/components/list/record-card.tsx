import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/list.css';
import { CopyButton } from '../copy-button';
import { Money } from '../money-text';
import { RecordLine, RecordLines } from './record-lines';
import { formatRecordTime } from './record-time';

// Lines without a record around them (a sheet's summary) come from record-lines, which carries no copy button.
export { RecordLine, RecordLines };

interface Props {
  amount: string;
  orderNo: string;
  /** The record's status, as a tag. */
  status: ReactNode;
  createdAt: number;
  /** Lines of their own kind: the channel, the fee, the card. */
  children?: ReactNode;
  /** Under the lines: a remark, an explanation. */
  note?: ReactNode;
  /** Buttons under the record. */
  actions?: ReactNode;
}

/** One record in a list: amount, status, order number to copy, time, then the lines of its kind. */
export function RecordCard({ amount, orderNo, status, createdAt, children, note, actions }: Props) {
  return (
    <article className="app-record" data-testid="record" data-order-no={orderNo}>
      <header className="app-record-head">
        <Money value={amount} className="app-record-amount" testId="record-amount" />
        {status}
      </header>
      <RecordLines>
        <OrderNoLine orderNo={orderNo} testId="record-order-no" />
        {children}
        <TimeLine time={createdAt} />
      </RecordLines>
      {note}
      {actions && <div className="app-record-actions">{actions}</div>}
    </article>
  );
}

/** The order number, to copy. */
export function OrderNoLine({ orderNo, testId }: { orderNo: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <RecordLine label={t('money.orderNo')}>
      <bdi className="app-order-no" data-testid={testId}>
        {orderNo}
      </bdi>
      <CopyButton text={orderNo} label={t('money.copyOrderNo')} testId="copy-order-no" />
    </RecordLine>
  );
}

export function TimeLine({ time }: { time: number }) {
  const { t, i18n } = useTranslation();
  return (
    <RecordLine label={t('money.time')}>
      <bdi>{formatRecordTime(time, i18n.language)}</bdi>
    </RecordLine>
  );
}
