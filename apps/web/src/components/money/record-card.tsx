import type { RecordStatus } from '@wallet/contract/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';
import { Money } from './money-text';
import { formatRecordTime } from './record-time';
import { StatusTag } from './status-tag';

interface Props {
  amount: string;
  orderNo: string;
  status: RecordStatus;
  remark: string;
  createdAt: number;
  /** Lines of their own kind: the channel, the fee, the card. */
  children?: ReactNode;
  /** Buttons under the record. */
  actions?: ReactNode;
}

/** One recharge or withdrawal in a list: amount, status, order number to copy, time, and the operator's remark (why it was refused). */
export function RecordCard({ amount, orderNo, status, remark, createdAt, children, actions }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <article className="app-record" data-testid="record" data-order-no={orderNo}>
      <header className="app-record-head">
        <Money value={amount} className="app-record-amount" testId="record-amount" />
        <StatusTag status={status} />
      </header>
      <dl className="app-record-lines">
        <div className="app-record-line">
          <dt>{t('money.orderNo')}</dt>
          <dd>
            <bdi className="app-order-no" data-testid="record-order-no">
              {orderNo}
            </bdi>
            <CopyButton text={orderNo} label={t('money.copyOrderNo')} testId="copy-order-no" />
          </dd>
        </div>
        {children}
        <div className="app-record-line">
          <dt>{t('money.time')}</dt>
          <dd>
            <bdi>{formatRecordTime(createdAt, i18n.language)}</bdi>
          </dd>
        </div>
      </dl>
      {remark && (
        <p className={`app-record-remark app-record-remark-${status}`} data-testid="record-remark">
          <strong>{t(status === 'refused' ? 'money.refusedBecause' : 'money.remark')}</strong> {remark}
        </p>
      )}
      {actions && <div className="app-record-actions">{actions}</div>}
    </article>
  );
}

/** A further line of a record card. */
export function RecordLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-record-line">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
