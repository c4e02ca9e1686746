import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';
import { useAmountFormat, useCurrency } from '../use-currency';
import type { FieldBinding } from './use-form';

interface Props {
  field: FieldBinding;
  /** The amounts allowed, shown as the placeholder (as a bare range, which fits beside a button on a narrow phone); none while they are not known. */
  range: { min: string; max: string } | undefined;
  extra?: ReactNode;
}

/** An amount of money (a recharge, a withdrawal, a limit), typed on the decimal keyboard, its label naming the currency. */
export function AmountField({ field, range, extra }: Props) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const format = useAmountFormat();
  return (
    <TextField
      label={currency ? `${t('money.amount')} (${currency.symbol} ${currency.code})` : t('money.amount')}
      field={field}
      inputMode="decimal"
      autoComplete="off"
      maxLength={16}
      placeholder={range ? `${format(range.min)} – ${format(range.max)}` : ''}
      extra={extra}
    />
  );
}
