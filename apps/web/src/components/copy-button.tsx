import { useTranslation } from 'react-i18next';
import { copyAndTell } from './copy-text';

interface Props {
  text: string;
  /** What is copied, for screen readers: "Copy order number". */
  label?: string;
  testId?: string;
}

/** A small "copy" button beside a value: copies it and says so. */
export function CopyButton({ text, label, testId }: Props) {
  const { t } = useTranslation();
  return (
    <button type="button" className="app-copy" onClick={() => void copyAndTell(text)} aria-label={label} data-testid={testId}>
      {t('common.copy')}
    </button>
  );
}
