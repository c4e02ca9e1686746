import Button from 'antd-mobile/es/components/button';
import type { LimitKind, LimitPeriod } from '@wallet/contract/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money-text';
import type { PlayerProtection } from '../api/protection-queries';
import { pendingChange, shownUse, usedShare } from '../model/protection-state';
import { LimitEditor } from './limit-editor';
import { PendingChangeLine } from './pending-change-line';

interface Props {
  kind: LimitKind;
  period: LimitPeriod;
  view: PlayerProtection;
  editing: boolean;
  onEdit: (editing: boolean) => void;
}

/** One window's limit: the amount in force, what the window holds now, a change waiting for its time, and the way to change it. */
export function LimitRow({ kind, period, view, editing, onEdit }: Props) {
  const { t } = useTranslation();
  const nameId = useId();
  const limit = view[kind][period];
  const used = shownUse(view.used[kind][period]);
  const pending = pendingChange(view, kind, period);
  return (
    <li className="app-limit" data-testid={`limit-${kind}-${period}`}>
      <div className="app-limit-head">
        <span className="app-limit-period" id={nameId}>
          {t(`protection.periods.${period}`)}
        </span>
        {limit === null ? (
          <span className="app-limit-none" data-testid="limit-amount">
            {t('protection.noLimit')}
          </span>
        ) : (
          <Money value={limit} className="app-limit-amount" testId="limit-amount" />
        )}
        {!editing && (
          <Button size="mini" color="primary" fill="outline" onClick={() => onEdit(true)} aria-describedby={nameId} data-testid="limit-change">
            {t(limit === null ? 'protection.set' : 'protection.change')}
          </Button>
        )}
      </div>
      {limit !== null && (
        <div className="app-limit-bar" aria-hidden="true">
          <span style={{ inlineSize: `${usedShare(used, limit) * 100}%` }} />
        </div>
      )}
      <p className="app-limit-used">
        {t('protection.used')} <Money value={used} testId="limit-used" />
      </p>
      {pending && <PendingChangeLine kind={kind} period={period} change={pending} inForce={limit} />}
      {editing && <LimitEditor kind={kind} period={period} current={limit} onClose={() => onEdit(false)} />}
    </li>
  );
}
