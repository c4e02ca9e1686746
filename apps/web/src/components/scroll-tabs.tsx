import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import '../styles/tabs.css';

export interface ScrollTab<Key extends string> {
  key: Key;
  label: ReactNode;
}

interface Props<Key extends string> {
  tabs: readonly ScrollTab<Key>[];
  active: Key;
  onChange: (key: Key) => void;
  /** What the row chooses, for screen readers: "Show records by status". */
  label: string;
  /** Extra class of the card, e.g. to keep it stuck under the nav bar. */
  className?: string;
  testId: string;
  /** Each tab's test id is this prefix, a dash and its key. */
  tabTestIdPrefix: string;
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
 * A row of tabs in a card, following the reading direction. When the names do
 * not fit, the row scrolls sideways and shows at which edge more tabs wait.
 */
export function ScrollTabs<Key extends string>({ tabs, active, onChange, label, className, testId, tabTestIdPrefix }: Props<Key>) {
  const row = useRef<HTMLDivElement>(null);
  const activeTab = useRef<HTMLButtonElement>(null);
  const hidden = useHiddenEdges(row);
  // The chosen tab (also one opened from the address) is brought into view.
  useEffect(() => {
    activeTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <div
      className={className ? `app-tabs ${className}` : 'app-tabs'}
      data-more-start={hidden.start || undefined}
      data-more-end={hidden.end || undefined}
      data-testid={testId}
    >
      <div ref={row} className="app-tabs-row" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={tab.key === active}
            ref={tab.key === active ? activeTab : undefined}
            className={tab.key === active ? 'app-tab app-tab-active' : 'app-tab'}
            onClick={() => onChange(tab.key)}
            data-testid={`${tabTestIdPrefix}-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
    </div>
  );
}
