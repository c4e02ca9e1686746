import { useTranslation } from 'react-i18next';
import type { DrawnPeriod } from '../api/game-queries';
import '../void.css';

type VoidReason = DrawnPeriod['voidReason'];

/** A void period: no dice, every order back in full, and why, in words. */
export function VoidNote({ reason }: { reason: VoidReason }) {
  const { t } = useTranslation();
  return (
    <p className="app-void-note" data-testid="void-note" data-reason={reason ?? undefined}>
      <strong className="app-void-title">{t('game.void.title')}</strong>
      <span>
        {t(`game.void.reasons.${reason ?? 'unknown'}`)} {t('game.void.refundedInFull')}
      </span>
    </p>
  );
}

/** The same in a few words, where a period has one line. */
export function VoidTag() {
  const { t } = useTranslation();
  return (
    <span className="app-void-tag" data-testid="void-tag">
      {t('game.void.title')}
    </span>
  );
}
