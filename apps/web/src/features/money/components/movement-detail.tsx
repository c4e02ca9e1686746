import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import type { StatementEntry } from '../api/money-queries';
import { CopyButton } from '../../../components/copy-button';
import { formatRecordTime } from '../../../components/list/record-time';
import { Money, Points } from '../../../components/money-text';
import { movementText, signOf, signedText } from '../../../components/statement-text';
import { BalanceAfter, Headline, useBalanceAfterLabel } from './movement-headline';

/** One movement in full: where it came from, and each of the user's accounts it moved (its ledger entries). */
export default function MovementDetail({ entry, onClose }: { entry: StatementEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = movementText(entry.kind);
  const balanceAfterLabel = useBalanceAfterLabel(entry);
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="statement-detail">
      <h2 className="app-popup-title">{t(text.titleKey)}</h2>
      <div className="app-statement-detail">
        <p className="app-statement-detail-headline">
          <Headline entry={entry} testId="detail-amount" />
        </p>
        {text.noteKey && <p className="app-statement-note app-statement-detail-note">{t(text.noteKey)}</p>}
        <dl className="app-record-lines">
          {entry.memo && (
            <div className="app-record-line">
              <dt>{t('money.statement.memo')}</dt>
              <dd>
                <bdi data-testid="detail-memo">{entry.memo}</bdi>
              </dd>
            </div>
          )}
          <div className="app-record-line">
            <dt>{balanceAfterLabel}</dt>
            <dd>
              <BalanceAfter entry={entry} testId="detail-balance-after" />
            </dd>
          </div>
          <div className="app-record-line">
            <dt>{t('money.statement.reference')}</dt>
            <dd>
              <bdi className="app-order-no" data-testid="detail-reference">
                {entry.reference}
              </bdi>
              <CopyButton text={entry.reference} label={t('money.statement.copyReference')} />
            </dd>
          </div>
          <div className="app-record-line">
            <dt>{t('money.time')}</dt>
            <dd>
              <bdi>{formatRecordTime(entry.createdAt, i18n.language)}</bdi>
            </dd>
          </div>
        </dl>
        <table className="app-statement-legs" data-testid="statement-legs">
          <caption>{t('money.statement.legs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.statement.legAccount')}</th>
              <th scope="col">{t('money.statement.legChange')}</th>
              <th scope="col">{t('money.statement.legAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {entry.legs.map((leg) => (
              <tr key={leg.account} data-testid="statement-leg" data-account={leg.account}>
                <th scope="row">{t(`money.accounts.${leg.account}`)}</th>
                <td>
                  {leg.account === 'coin' ? (
                    <Points value={signedText(leg.amount)} className={`app-signed app-signed-${signOf(leg.amount)}`} testId="leg-amount" />
                  ) : (
                    <Money value={signedText(leg.amount)} className={`app-signed app-signed-${signOf(leg.amount)}`} testId="leg-amount" />
                  )}
                </td>
                <td>
                  {leg.account === 'coin' ? <Points value={leg.balanceAfter} testId="leg-balance-after" /> : <Money value={leg.balanceAfter} testId="leg-balance-after" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Popup>
  );
}
