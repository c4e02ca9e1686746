import { LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerProtection } from '../api/protection-queries';
import { LimitRow } from './limit-row';

/** The deposit or loss limits of the three rolling windows; one of them is edited at a time. */
export function LimitCard({ kind, view }: { kind: LimitKind; view: PlayerProtection }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LimitPeriod>();
  const titleId = `${kind}-limits-title`;
  return (
    <section className="app-protection-card" aria-labelledby={titleId} data-testid={`${kind}-limits`}>
      <h2 className="app-protection-title" id={titleId}>
        {t(`protection.${kind}.title`)}
      </h2>
      <p className="app-protection-hint">{t(`protection.${kind}.hint`)}</p>
      <ul className="app-limits">
        {LIMIT_PERIODS.map((period) => (
          <LimitRow key={period} kind={kind} period={period} view={view} editing={editing === period} onEdit={(on) => setEditing(on ? period : undefined)} />
        ))}
      </ul>
      <p className="app-protection-note">{t('protection.delayNote')}</p>
    </section>
  );
}
