import { useTranslation } from 'react-i18next';
import type { StatementEntry } from '../api/money-queries';
import { Money, Points } from '../../../components/money-text';
import { balanceAfterKey, headlineOf } from '../../../components/statement-text';

/** What a movement did to the balance, or to the credit points, or what it paid out of the frozen funds. */
export function Headline({ entry, testId }: { entry: StatementEntry; testId: string }) {
  const { t } = useTranslation();
  const headline = headlineOf(entry);
  return (
    <span className="app-statement-headline">
      {headline.unit === 'points' ? (
        <Points value={headline.text} className={`app-entry-amount app-signed app-signed-${headline.sign}`} testId={testId} />
      ) : (
        <Money value={headline.text} className={`app-entry-amount app-signed app-signed-${headline.sign}`} testId={testId} />
      )}
      {headline.unit === 'points' && <span className="app-statement-unit">{t('money.accounts.coin')}</span>}
    </span>
  );
}

/** The balance of the account the movement moved, right after it: money, or credit points. */
export function BalanceAfter({ entry, testId }: { entry: StatementEntry; testId?: string }) {
  return entry.balanceAccount === 'coin' ? <Points value={entry.balanceAfter} testId={testId} /> : <Money value={entry.balanceAfter} testId={testId} />;
}

/** "Balance after", "Frozen after", "Credit points after": whose balance the line shows. */
export function useBalanceAfterLabel(entry: StatementEntry): string {
  const { t } = useTranslation();
  return t(balanceAfterKey(entry.balanceAccount));
}
