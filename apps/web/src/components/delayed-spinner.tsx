import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Nothing for the first 200 ms, so fast loads never flash a spinner. */
export const SPINNER_DELAY_MS = 200;

export function DelayedSpinner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="app-center" role="status" aria-label={t('common.loading')} data-testid="page-loading">
      <span className="app-spinner" />
    </div>
  );
}
