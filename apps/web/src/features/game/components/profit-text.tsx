import '../../money/money.css';
import { Money } from '../../../components/money-text';
import { signOf, signedText } from '../../../components/statement-text';

/** A profit with its sign and colour: "+1.95" in green, "-1.00" in red, so the sign says it without the colour too. */
export function ProfitText({ profit, className, testId }: { profit: string; className?: string; testId?: string }) {
  const sign = signOf(profit);
  return <Money value={signedText(profit)} className={`app-signed app-signed-${sign}${className ? ` ${className}` : ''}`} testId={testId} />;
}
