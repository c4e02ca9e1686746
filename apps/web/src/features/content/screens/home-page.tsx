import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticeHomeQuery, type HomeNow } from '../api/content-queries';
import { hasSession } from '../../../api/session';
import { SAFETY_POLL_MS, useLiveUp } from '../../live';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { BalanceGlance } from '../components/balance-glance';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import '../content.css';
import '../home.css';
import { BannerCarousel } from '../components/banner-carousel';
import { homeRefetchDelayMs } from '../model/home-refetch';
import { HomeProjects } from '../components/home-projects';
import { NoticeTicker } from '../components/notice-ticker';
import { Shortcuts } from '../components/shortcuts';

/**
 * An answer this young is not asked for again as Home mounts or the window
 * regains focus: the one asked for while the app downloaded (home-prefetch.ts)
 * serves the Home it opens on. An answer marked invalid is asked for all the same.
 */
const HOME_FRESH_MS = 3_000;

/** Asked again when the first shown period draws (by the server's clock), so countdowns and results move on. */
const refetchAtDraw = (home: HomeNow | undefined) => (home ? homeRefetchDelayMs(home, Date.now() + home.clockOffsetMs) : false);

/**
 * The Home tab: banners, the notice ticker, the user's money or a way to log in, shortcuts, and the projects.
 * It appears whole once the day's data is in (or has failed): banners arriving above the shortcuts would push them from under a finger.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  // With the live stream open, a draw or a notice asks for the page again (features/live); polling is only a safety net then.
  const live = useLiveUp();
  const home = useQuery({
    ...noticeHomeQuery(i18n.language),
    refetchInterval: (query) => (live ? SAFETY_POLL_MS : refetchAtDraw(query.state.data)),
    refetchOnWindowFocus: true,
    staleTime: HOME_FRESH_MS,
  });
  const { data, error, refetch } = home;
  if (!data && !error) return <DelayedSpinner />;
  return (
    <div className="app-home" data-testid="home">
      {data && <BannerCarousel banners={data.banners} />}
      {data && <NoticeTicker notices={data.ticker} />}
      {hasSession() ? <BalanceGlance layout="card" /> : <SignInPrompt title={t('home.signInTitle')} hint={t('home.signInHint')} card />}
      <Shortcuts />
      {data ? <HomeProjects home={data} /> : <LoadFailed error={error} retry={() => void refetch()} />}
    </div>
  );
}
