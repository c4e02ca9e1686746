import { formatMoney } from '@wallet/contract/core';
import { centsOf } from './amount-input';
import { useCountUp } from './count-up';

interface Props {
  /** A two-decimal string from the server, shown as it came. */
  value: string;
  className?: string;
  testId?: string;
}

/** An amount, kept left to right (minus sign first) inside right-to-left text. */
export function Money({ value, className, testId }: Props) {
  return (
    <bdi dir="ltr" className={className ? `app-money ${className}` : 'app-money'} data-testid={testId}>
      {value}
    </bdi>
  );
}

/** An amount that counts up to the server's value; it ends on exactly that text. */
export function CountUpMoney({ value, className, testId }: Props) {
  const cents = useCountUp(centsOf(value));
  return <Money value={formatMoney(cents)} className={className} testId={testId} />;
}

/** Credit points, a whole number, counting up. */
export function CountUpPoints({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const points = useCountUp(value);
  return <Money value={String(points)} className={className} testId={testId} />;
}
