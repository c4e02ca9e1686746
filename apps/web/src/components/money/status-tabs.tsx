import { RECORD_STATUSES } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '../../api/money-queries';

export const STATUS_FILTERS: StatusFilter[] = ['all', ...RECORD_STATUSES];

export function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as (string | null)[]).includes(value);
}

/** All / under review / completed / refused, above a record list; the row follows the reading direction. */
export function StatusTabs({ active, onChange }: { active: StatusFilter; onChange: (status: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div className="app-status-tabs" role="tablist" aria-label={t('money.status.filter')}>
      {STATUS_FILTERS.map((status) => (
        <button
          key={status}
          type="button"
          role="tab"
          aria-selected={status === active}
          className={status === active ? 'app-status-tab app-status-tab-active' : 'app-status-tab'}
          onClick={() => onChange(status)}
          data-testid={`status-tab-${status}`}
        >
          {t(status === 'all' ? 'money.status.all' : `money.status.${status}`)}
        </button>
      ))}
    </div>
  );
}
