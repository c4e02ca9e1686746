import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';
import { shortCard } from '../model/card-text';
import type { FieldBinding } from '../../../components/form/use-form';

export type CardChoice = 'last' | 'new';

interface Props {
  /** The last withdrawal's card, masked; null when there was none. */
  lastCard: string | null;
  choice: CardChoice;
  onChoose: (choice: CardChoice) => void;
  field: FieldBinding;
}

/** The card to pay to: the last one again (it is never shown in full), or a new number. */
export function CardField({ lastCard, choice, onChoose, field }: Props) {
  const { t } = useTranslation();
  const cardInput = (
    <TextField
      label={t('money.withdraw.cardNo')}
      field={field}
      inputMode="numeric"
      autoComplete="cc-number"
      maxLength={40}
      placeholder={t('money.withdraw.cardNoPlaceholder')}
    />
  );
  if (!lastCard) return cardInput;

  return (
    <>
      <div className="app-field">
        <p className="app-field-label" id="card-choice-label">
          {t('money.withdraw.card')}
        </p>
        <div className="app-card-choices" role="radiogroup" aria-labelledby="card-choice-label">
          {(['last', 'new'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={choice === option}
              className={choice === option ? 'app-card-choice app-card-choice-selected' : 'app-card-choice'}
              onClick={() => onChoose(option)}
              data-testid={`card-${option}`}
            >
              {option === 'last' ? (
                <>
                  {t('money.withdraw.lastCard')} <bdi dir="ltr">{shortCard(lastCard)}</bdi>
                </>
              ) : (
                t('money.withdraw.newCard')
              )}
            </button>
          ))}
        </div>
        {choice === 'last' && field.error && (
          <p className="app-field-error" role="alert">
            {field.error}
          </p>
        )}
      </div>
      {choice === 'new' && cardInput}
    </>
  );
}
