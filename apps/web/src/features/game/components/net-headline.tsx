import { useTranslation } from 'react-i18next';
import type { DrawOutcome } from '../model/draw-outcome';
import { SentenceWith } from '../../../components/sentence-with';
import { useAmountFormat } from '../../../components/use-currency';

/** "You won $1.80", "You lost $2.10", break-even, or void and refunded: the period's net for the user, all their orders counted. */
export function NetHeadline({ outcome }: { outcome: DrawOutcome }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  if (outcome.voided) {
    return (
      <span data-testid="net-headline" data-net="void">
        {t('game.void.title')}
      </span>
    );
  }
  return (
    <span data-testid="net-headline" data-net={outcome.net}>
      {outcome.net === 'even' ? t('live.result.even') : <SentenceWith i18nKey={`live.result.${outcome.net}`} name="amount" value={format(outcome.netAmount)} />}
    </span>
  );
}
