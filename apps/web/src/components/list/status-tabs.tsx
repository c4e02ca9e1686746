import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '../../api/paging';
import '../../styles/list.css';

interface Props<Status extends string> {
  statuses: readonly Status[];
  active: StatusFilter<Status>;
  onChange: (status: StatusFilter<Status>) => void;
  /** A status's name in the reader's language. */
  label: (status: Status) => string;
}

/** Whether a row that scrolls sideways hides something before its start edge or past its end edge. */
function useHiddenEdges(row: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      // Right to left, scrollLeft runs from 0 down to negative values.
      const scrolled = Math.abs(element.scrollLeft);
      const scrollable = element.scrollWidth - element.clientWidth;
      const start = scrolled > 1;
      const end = scrolled < scrollable - 1;
      setEdges((before) => (before.start === start && before.end === end ? before : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The tabs' widths change with the language and once the fonts arrive.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const tab of element.children) observer.observe(tab);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [row]);
  return edges;
}

/**
 * "All", then one tab per status, above a record list; the row follows the
 * reading direction. When the names do not fit, the row scrolls sideways and
 * shows at which edge more tabs wait.
 */
export function StatusTabs<Status extends string>({ statuses, active, onChange, label }: Props<Status>) {
  const { t } = useTranslation();
  const filters: StatusFilter<Status>[] = ['all', ...statuses];
  const row = useRef<HTMLDivElement>(null);
  const activeTab = useRef<HTMLButtonElement>(null);
  const hidden = useHiddenEdges(row);
  // The chosen tab (also one opened from the address) is brought into view.
  useEffect(() => {
    activeTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <div className="app-status-tabs" data-more-start={hidden.start || undefined} data-more-end={hidden.end || undefined} data-testid="status-tabs">
      <div ref={row} className="app-status-tabs-row" role="tablist" aria-label={t('list.statusFilter')}>
        {filters.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={status === active}
            ref={status === active ? activeTab : undefined}
            className={status === active ? 'app-status-tab app-status-tab-active' : 'app-status-tab'}
            onClick={() => onChange(status)}
            data-testid={`status-tab-${status}`}
          >
            {status === 'all' ? t('list.all') : label(status)}
          </button>
        ))}
      </div>
    </div>
  );
}
