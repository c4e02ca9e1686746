import type { TFunction } from 'i18next';
import type { Rule } from './rules';
import { readAmount, type AmountLimits, type AmountProblem } from '../amount-input';

/** What is wrong with an amount, the limits and the balance shown as money (`format`, from useAmountFormat). */
export function amountMessage(problem: AmountProblem, t: TFunction, format: (amount: string) => string): string {
  switch (problem.kind) {
    case 'required':
      return t('money.amountRequired');
    case 'decimals':
      return t('money.amountDecimals');
    case 'format':
      return t('money.amountFormat');
    case 'range':
      return t('money.amountRange', { min: format(problem.min), max: format(problem.max) });
    case 'balance':
      return t('money.amountOverBalance', { available: format(problem.available) });
  }
}

/** A form rule for an amount within limits; without limits (not loaded) it waits for the server's check. */
export function amountRule<Values>(limits: AmountLimits | undefined, t: TFunction, format: (amount: string) => string): Rule<Values> {
  return (value) => {
    if (!limits) return undefined;
    const read = readAmount(value, limits);
    return read.ok ? undefined : amountMessage(read.problem, t, format);
  };
}
