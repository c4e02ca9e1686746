import { useTranslation } from 'react-i18next';
import { optionLabel } from './option-label';

/** An option's name in the reader's language. */
export function OptionName({ code, testId }: { code: string; testId?: string }) {
  const { t } = useTranslation();
  return <span data-testid={testId}>{optionLabel(code, t)}</span>;
}
