import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity, type QuantityRange } from '../model/bet-slip';
import { normaliseAmount } from '../../../components/amount-input';

interface Props {
  value: number;
  range: QuantityRange;
  onChange: (value: number) => void;
  /** What the box counts, when not the quantity of each selection (the periods of a chase). */
  labels?: { group: string; input: string };
  testIdPrefix?: string;
}

/** The quantity of each selection: typed, or one less and one more, always within the project's range. */
export function QuantityBox({ value, range, onChange, labels, testIdPrefix = 'quantity' }: Props) {
  const { t } = useTranslation();
  // What is being typed, until the box is left; the slip already counts with its nearest allowed value.
  const [draft, setDraft] = useState<string>();
  const type = (text: string) => {
    setDraft(text);
    const digits = normaliseAmount(text);
    if (/^\d+$/.test(digits)) onChange(clampQuantity(Number(digits), range));
  };
  return (
    <div className="app-quantity" role="group" aria-label={labels?.group ?? t('gamePages.slip.quantityRange', { min: range.min, max: range.max })}>
      <button type="button" className="app-quantity-step" onClick={() => onChange(clampQuantity(value - 1, range))} disabled={value <= range.min} aria-label={t('gamePages.slip.decrease')} data-testid={`${testIdPrefix}-decrease`}>
        <MinusOutline />
      </button>
      <input
        className="app-quantity-input"
        type="text"
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        maxLength={7}
        value={draft ?? String(value)}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setDraft(undefined)}
        aria-label={labels?.input ?? t('gamePages.slip.quantity')}
        data-testid={testIdPrefix}
      />
      <button type="button" className="app-quantity-step" onClick={() => onChange(clampQuantity(value + 1, range))} disabled={value >= range.max} aria-label={t('gamePages.slip.increase')} data-testid={`${testIdPrefix}-increase`}>
        <AddOutline />
      </button>
    </div>
  );
}
