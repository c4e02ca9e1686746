import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';

/** How far the finger must pull (after damping) before letting go refreshes. */
const THRESHOLD_PX = 56;
const MAX_PULL_PX = 88;
const HEAD_PX = 40;
const COMPLETE_SHOWN_MS = 500;

export type PullStatus = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The distance the content moves for a finger moved `dy` down: half of it, up to a limit. */
export function pullDistance(dy: number): number {
  return Math.max(0, Math.min(MAX_PULL_PX, dy / 2));
}

interface Props {
  onRefresh: () => Promise<unknown>;
  /** What the head says in each state but idle. */
  texts: Record<Exclude<PullStatus, 'idle'>, string>;
  children: ReactNode;
}

/**
 * Pull down at the top of the page to refresh. Written here rather than taken
 * from antd-mobile, whose version brings an animation and a gesture library
 * (about 23 KB gzip) into every list page.
 */
export function PullToRefresh({ onRefresh, texts, children }: Props) {
  const [status, setStatus] = useState<PullStatus>('idle');
  const [distance, setDistance] = useState(0);
  const startY = useRef<number | null>(null);
  // Read by touchend, which may come before the render of the last touchmove.
  const pulled = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The browser's own pull-to-refresh would reload the whole app instead.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
      clearTimeout(timer.current);
    };
  }, []);

  const onTouchStart = (event: TouchEvent) => {
    if (status === 'refreshing' || status === 'complete' || window.scrollY > 0) return;
    startY.current = event.touches[0]?.clientY ?? null;
  };

  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    const y = event.touches[0]?.clientY ?? startY.current;
    const next = pullDistance(y - startY.current);
    pulled.current = next;
    setDistance(next);
    setStatus(next === 0 ? 'idle' : next >= THRESHOLD_PX ? 'canRelease' : 'pulling');
  };

  const onTouchEnd = () => {
    if (startY.current === null) return;
    startY.current = null;
    const released = pulled.current;
    pulled.current = 0;
    if (released < THRESHOLD_PX) {
      setDistance(0);
      setStatus('idle');
      return;
    }
    setStatus('refreshing');
    setDistance(HEAD_PX);
    void onRefresh().finally(() => {
      setStatus('complete');
      timer.current = setTimeout(() => {
        setDistance(0);
        setStatus('idle');
      }, COMPLETE_SHOWN_MS);
    });
  };

  const dragging = status === 'pulling' || status === 'canRelease';
  return (
    <div className="app-pull" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div
        className="app-pull-head"
        style={{ height: distance, transition: dragging ? 'none' : 'height 0.2s ease-out' }}
        aria-live="polite"
        data-testid="pull-to-refresh"
      >
        {status !== 'idle' && <span>{texts[status]}</span>}
      </div>
      {children}
    </div>
  );
}
