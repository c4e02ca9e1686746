import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '../../api/paging';
import '../../styles/list.css';
import { ScrollTabs } from '../scroll-tabs';

interface Props<Status extends string> {
  statuses: readonly Status[];
  active: StatusFilter<Status>;
  onChange: (status: StatusFilter<Status>) => void;
  /** A status's name in the reader's language. */
  label: (status: Status) => string;
}

/** "All", then one tab per status, above a record list; stays under the nav bar while the list scrolls. */
export function StatusTabs<Status extends string>({ statuses, active, onChange, label }: Props<Status>) {
  const { t } = useTranslation();
  const tabs = [{ key: 'all' as const, label: t('list.all') }, ...statuses.map((status) => ({ key: status, label: label(status) }))];
  return (
    <ScrollTabs<StatusFilter<Status>>
      tabs={tabs}
      active={active}
      onChange={onChange}
      label={t('list.statusFilter')}
      className="app-status-tabs"
      testId="status-tabs"
      tabTestIdPrefix="status-tab"
    />
  );
}
