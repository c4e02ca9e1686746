import { describeThrow, type Dice } from '@wallet/contract/game';
import { useTranslation } from 'react-i18next';

/** The sum and what the throw is (big or small, odd or even, or a triple, which is neither). */
export function ThrowFacts({ dice, testId }: { dice: Dice; testId?: string }) {
  const { t } = useTranslation();
  const facts = describeThrow(dice);
  const tags = facts.triple ? ['triple'] : [facts.big ? 'big' : 'small', facts.odd ? 'odd' : 'even'];
  return (
    <span className="app-throw-facts" data-testid={testId}>
      <span className="app-throw-sum">
        {t('game.sum')} <bdi dir="ltr" data-testid="throw-sum">{facts.sum}</bdi>
      </span>
      {tags.map((tag) => (
        <span key={tag} className={`app-throw-tag app-throw-tag-${tag}`} data-testid="throw-tag">
          {t(tag === 'triple' ? 'game.tripleTag' : `game.options.${tag}`)}
        </span>
      ))}
    </span>
  );
}
