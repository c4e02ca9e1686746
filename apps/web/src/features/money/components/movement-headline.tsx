import { useTranslation } from 'react-i18next';
import type { StatementEntry } from '../api/money-queries';
import { Money } from '../../../components/money-text';
import { headlineOf } from '../../../components/statement-text';

/** What a movement did to the balance, or to the credit points, or what it paid out of the frozen funds. */
export function Headline({ entry, testId }: { entry: StatementEntry; testId: string }) {
  const { t } = useTranslation();
  const headline = headlineOf(entry);
  return (
    <span className="app-statement-headline">
      <Money value={headline.text} className={`app-entry-amount app-signed app-signed-${headline.sign}`} testId={testId} />
      {headline.unit === 'points' && <span className="app-statement-unit">{t('money.accounts.coin')}</span>}
    </span>
  );
}
