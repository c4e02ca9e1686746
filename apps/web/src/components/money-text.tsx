import { formatMoney } from '@wallet/contract/core';
import { centsOf } from './amount-input';
import { useCountUp } from './count-up';
import { useAmountFormat } from './use-currency';

interface Props {
  /** A two-decimal string from the server, signed or not ("-5.00", "+12.00"). */
  value: string;
  className?: string;
  testId?: string;
}

/**
 * An amount in the operator's currency, formatted for the reader's language.
 * The isolate takes the direction the locale's format gives it, so the sign
 * and the symbol stay with the digits inside right-to-left text.
 */
export function Money({ value, className, testId }: Props) {
  const format = useAmountFormat();
  return (
    <bdi className={className ? `app-money ${className}` : 'app-money'} data-testid={testId}>
      {format(value)}
    </bdi>
  );
}

/** An amount that counts up to the server's value; it ends on exactly that text. */
export function CountUpMoney({ value, className, testId }: Props) {
  const cents = useCountUp(centsOf(value));
  return <Money value={formatMoney(cents)} className={className} testId={testId} />;
}

/** Credit points: a whole number, never a currency ("+5"). */
export function Points({ value, className, testId }: Props) {
  return (
    <bdi dir="ltr" className={className ? `app-money ${className}` : 'app-money'} data-testid={testId}>
      {value}
    </bdi>
  );
}

/** Credit points, a whole number, counting up. */
export function CountUpPoints({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const points = useCountUp(value);
  return <Points value={String(points)} className={className} testId={testId} />;
}
