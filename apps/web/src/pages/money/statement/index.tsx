import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statementQuery, type StatementEntry } from '../../../api/money-queries';
import { MoneyList } from '../../../components/money/money-list';
import { Money } from '../../../components/money/money-text';
import { formatRecordTime } from '../../../components/money/record-time';
import { entryTextKey, signOf, signedText } from '../../../components/money/statement-text';
import '../../../styles/money.css';

function EntryItem({ entry }: { entry: StatementEntry }) {
  const { t, i18n } = useTranslation();
  const textKey = entryTextKey(entry.kind, entry.account);
  const accountName = t(`money.accounts.${entry.account}`);
  return (
    <article className="app-record app-entry" data-testid="statement-entry" data-kind={entry.kind} data-account={entry.account}>
      <header className="app-record-head">
        <h3 className="app-entry-title" data-testid="entry-meaning">
          {textKey ? t(textKey) : `${entry.kind} · ${accountName}`}
        </h3>
        <Money value={signedText(entry.amount)} className={`app-entry-amount app-signed app-signed-${signOf(entry.amount)}`} testId="entry-amount" />
      </header>
      <dl className="app-record-lines">
        <div className="app-record-line">
          <dt>{t('money.statement.after', { account: accountName })}</dt>
          <dd>
            <Money value={entry.balanceAfter} testId="entry-balance-after" />
          </dd>
        </div>
        <div className="app-record-line">
          <dt>{t('money.statement.reference')}</dt>
          <dd>
            <bdi className="app-order-no" data-testid="entry-reference">
              {entry.reference}
            </bdi>
          </dd>
        </div>
        {entry.memo && (
          <div className="app-record-line">
            <dt>{t('money.statement.memo')}</dt>
            <dd data-testid="entry-memo">{entry.memo}</dd>
          </div>
        )}
        <div className="app-record-line">
          <dt>{t('money.time')}</dt>
          <dd>
            <bdi>{formatRecordTime(entry.createdAt, i18n.language)}</bdi>
          </dd>
        </div>
      </dl>
    </article>
  );
}

export default function StatementPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(statementQuery);
  return (
    <div className="app-money-page">
      <p className="app-money-hint">{t('money.statement.hint')}</p>
      <MoneyList
        query={query}
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <EntryItem entry={entry} />}
        emptyTitle={t('money.statement.empty')}
        testId="statement"
      />
    </div>
  );
}
