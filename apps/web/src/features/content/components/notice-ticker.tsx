import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TickerNotice } from '../api/content-queries';
import { noticePath } from '../model/content-paths';
import { prefersReducedMotion } from '../../../components/reduced-motion';
import { tickerSeconds } from '../model/ticker-motion';

function TickerTitles({ notices, copy = false }: { notices: TickerNotice[]; copy?: boolean }) {
  return (
    // The copy only closes the loop of the motion: hidden from screen readers and the keyboard.
    <span className="app-ticker-group" aria-hidden={copy || undefined}>
      {notices.map((notice) => (
        <Link key={notice.id} to={noticePath(notice.id)} className="app-ticker-item" tabIndex={copy ? -1 : undefined} data-testid={copy ? undefined : 'ticker-item'}>
          <bdi>{notice.title}</bdi>
        </Link>
      ))}
    </span>
  );
}

/**
 * Notice titles passing along one line, in the reading direction; tapping
 * one opens it. It stops under a finger or the keyboard's focus, and stands
 * still (and scrolls by hand) for readers who asked for less motion.
 */
export function NoticeTicker({ notices }: { notices: TickerNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  const moving = !prefersReducedMotion();
  return (
    <section className="app-ticker" aria-label={t('home.ticker')} data-testid="ticker">
      <SoundOutline className="app-ticker-icon" aria-hidden="true" />
      <div className={moving ? 'app-ticker-window' : 'app-ticker-window app-ticker-still'}>
        <div className="app-ticker-track" style={moving ? { animationDuration: `${tickerSeconds(notices.map((notice) => notice.title))}s` } : undefined}>
          <TickerTitles notices={notices} />
          {moving && <TickerTitles notices={notices} copy />}
        </div>
      </div>
    </section>
  );
}
