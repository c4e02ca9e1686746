import BillOutline from 'antd-mobile-icons/es/BillOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PeriodNow } from '../api/game-queries';
import { diceHistoryPath } from '../model/game-paths';
import { formatCountdown, type PhaseNow } from '../model/period-phase';
import { PATHS } from '../../../navigation/paths';
import { VoidNote } from './void-note';

/** The period running now: its number, its countdown by the server's clock, and the seed hash it was committed to. */
export function PeriodCard({ projectId, period, now }: { projectId: string; period: PeriodNow; now: PhaseNow }) {
  const { t } = useTranslation();
  return (
    <section className="app-period-card" data-testid="period-card" data-phase={now.phase}>
      <div className="app-period-head">
        <p className="app-period-no">
          {t('game.period')} <bdi data-testid="period-no">{period.periodNo}</bdi>
        </p>
        <nav className="app-period-links">
          <Link to={diceHistoryPath(projectId)} className="app-period-link" data-testid="to-history">
            <HistogramOutline aria-hidden="true" />
            {t('game.toHistory')}
          </Link>
          <Link to={PATHS.orderRecords} className="app-period-link" data-testid="to-orders">
            <BillOutline aria-hidden="true" />
            {t('game.toOrders')}
          </Link>
        </nav>
      </div>
      <div className="app-period-clock">
        <span className="app-period-phase" aria-live="polite" data-testid="period-phase">
          {t(`game.phase.${now.phase}`)}
        </span>
        {now.phase !== 'drawing' && (
          <span className="app-period-countdown" role="timer" dir="ltr" data-testid="countdown">
            {formatCountdown(now.secondsLeft)}
          </span>
        )}
      </div>
      {period.status === 'void' && <VoidNote reason={period.voidReason} />}
      <p className="app-period-hash">
        {t('game.seedHashShort')} <code dir="ltr">{period.serverSeedHash.slice(0, 16)}…</code>
      </p>
    </section>
  );
}
