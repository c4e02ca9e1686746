import Popup from 'antd-mobile/es/components/popup';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statementQuery, type StatementEntry } from '../../../api/money-queries';
import { CopyButton } from '../../../components/copy-button';
import { InfiniteList } from '../../../components/list/infinite-list';
import { formatRecordTime } from '../../../components/list/record-time';
import { Money } from '../../../components/money/money-text';
import { headlineOf, movementText, signOf, signedText } from '../../../components/money/statement-text';
import '../../../styles/list.css';
import '../../../styles/money.css';
import './statement.css';

/** What a movement did to the balance, or to the credit points, or what it paid out of the frozen funds. */
function Headline({ entry, testId }: { entry: StatementEntry; testId: string }) {
  const { t } = useTranslation();
  const headline = headlineOf(entry);
  return (
    <span className="app-statement-headline">
      <Money value={headline.text} className={`app-entry-amount app-signed app-signed-${headline.sign}`} testId={testId} />
      {headline.unit === 'points' && <span className="app-statement-unit">{t('money.accounts.coin')}</span>}
    </span>
  );
}

function MovementRow({ entry, onOpen }: { entry: StatementEntry; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const text = movementText(entry.kind);
  return (
    <button
      type="button"
      className="app-record app-statement-row"
      onClick={onOpen}
      aria-haspopup="dialog"
      data-testid="statement-entry"
      data-kind={entry.kind}
    >
      <span className="app-statement-head">
        <span className="app-entry-title" data-testid="entry-meaning">
          {t(text.titleKey)}
        </span>
        <Headline entry={entry} testId="entry-amount" />
      </span>
      {text.noteKey && (
        <span className="app-statement-note" data-testid="entry-note">
          {t(text.noteKey)}
        </span>
      )}
      {entry.memo && (
        <bdi className="app-statement-note" data-testid="entry-memo">
          {entry.memo}
        </bdi>
      )}
      <span className="app-statement-foot">
        <span>
          {t('money.statement.balanceAfter')} <Money value={entry.balanceAfter} testId="entry-balance-after" />
        </span>
        <bdi>{formatRecordTime(entry.createdAt, i18n.language)}</bdi>
      </span>
    </button>
  );
}

/** One movement in full: where it came from, and each of the user's accounts it moved (its ledger entries). */
function MovementDetail({ entry, onClose }: { entry: StatementEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = movementText(entry.kind);
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
            <dt>{t('money.statement.balanceAfter')}</dt>
            <dd>
              <Money value={entry.balanceAfter} />
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
                  <Money value={signedText(leg.amount)} className={`app-signed app-signed-${signOf(leg.amount)}`} testId="leg-amount" />
                </td>
                <td>
                  <Money value={leg.balanceAfter} testId="leg-balance-after" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Popup>
  );
}

export default function StatementPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(statementQuery);
  const [opened, setOpened] = useState<StatementEntry>();
  return (
    <div className="app-money-page">
      <p className="app-money-hint">{t('money.statement.hint')}</p>
      <InfiniteList
        query={query}
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <MovementRow entry={entry} onOpen={() => setOpened(entry)} />}
        emptyTitle={t('money.statement.empty')}
        testId="statement"
      />
      {opened && <MovementDetail entry={opened} onClose={() => setOpened(undefined)} />}
    </div>
  );
}
