import { useTranslation } from 'react-i18next';
import { formatRecordTime } from '../../../components/list/record-time';
import type { PlayerProtection } from '../api/protection-queries';
import { activeBreak } from '../model/protection-state';

/** While a time-out or self-exclusion runs: until when (or that it never ends), and what stays open meanwhile. */
export function BreakNotice({ view }: { view: PlayerProtection }) {
  const { t, i18n } = useTranslation();
  const running = activeBreak(view);
  if (!running) return null;
  return (
    <section className="app-money-note app-money-note-warn app-break-notice" data-testid="break-notice">
      <p className="app-break-notice-title">
        {running.permanent ? t('protection.break.permanent') : t('protection.break.until', { until: formatRecordTime(running.until, i18n.language) })}
      </p>
      <p>{t('protection.break.hint')}</p>
    </section>
  );
}
